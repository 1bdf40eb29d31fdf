// What a visitor keeps across page loads, per chatbot: the open conversation and its token, and
// whether they already sent the lead form. Storage can be unavailable (privacy modes, blocked
// cookies): the widget then works for one page view.

export interface SavedConversation {
  id: string;
  token: string;
}

/** An ended conversation the widget asks the visitor to rate, and the score once they did. */
export interface SavedRating extends SavedConversation {
  score: number | null;
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
  const ratingKey = `chatbot-widget:${chatbotId}:rating`;
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
    /** The ended conversation waiting for (or thanked for) a rating: its token no longer reads it, only rates it. */
    rating(): SavedRating | null {
      try {
        const saved = JSON.parse(read(ratingKey) ?? 'null');
        if (typeof saved?.id !== 'string' || typeof saved?.token !== 'string') return null;
        return { id: saved.id, token: saved.token, score: typeof saved.score === 'number' ? saved.score : null };
      } catch {
        return null;
      }
    },
    saveRating(saved: SavedRating | null): void {
      write(ratingKey, saved ? JSON.stringify(saved) : null);
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
