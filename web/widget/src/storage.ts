// What a visitor keeps across page loads, per chatbot: the open conversation and its token, and
// whether they already sent the lead form. Storage can be unavailable (privacy modes, blocked
// cookies): the widget then works for one page view.

export interface SavedConversation {
  id: string;
  token: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or privacy mode: forgetting is the only option.
  }
}

export function visitorMemory(chatbotId: string) {
  const conversationKey = `chatbot-widget:${chatbotId}:conversation`;
  const leadKey = `chatbot-widget:${chatbotId}:lead-sent`;
  return {
    conversation(): SavedConversation | null {
      try {
        const saved = JSON.parse(read(conversationKey) ?? 'null');
        return typeof saved?.id === 'string' && typeof saved?.token === 'string' ? { id: saved.id, token: saved.token } : null;
      } catch {
        return null;
      }
    },
    saveConversation(saved: SavedConversation | null): void {
      write(conversationKey, saved ? JSON.stringify(saved) : null);
    },
    leadSent(): boolean {
      return read(leadKey) === '1';
    },
    saveLeadSent(): void {
      write(leadKey, '1');
    },
  };
}

export type VisitorMemory = ReturnType<typeof visitorMemory>;
