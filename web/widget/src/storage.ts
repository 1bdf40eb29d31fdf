// What a visitor keeps across page loads, per chatbot: the open conversation and its token,
// whether they already sent the lead form, the rating asked for, the proactive messages seen.
// Storage can be unavailable (privacy modes, blocked cookies): the widget then works for one page
// view. The owner's consent mode (`privacy.storage`) decides when the widget may write at all:
// `always`; `after_interaction` (nothing is written before the visitor opens the panel or sends a
// message: until then it is kept in memory, and written when they do); `never` (memory only, and
// what an earlier mode stored is removed). The widget sets no cookie in any mode.

export interface SavedConversation {
  id: string;
  token: string;
  /** The site's id of the visitor it was started or resumed for (`ChatbotWidget.identify`), if any. */
  user_id?: string;
}

/** An ended conversation the widget asks the visitor to rate, and the score once they did. */
export interface SavedRating extends SavedConversation {
  score: number | null;
}

export type StorageMode = 'always' | 'after_interaction' | 'never';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or privacy mode: forgetting is the only option.
  }
}

/** At most this many proactive messages are remembered as seen (the oldest are forgotten). */
const PROACTIVE_SEEN_LIMIT = 50;

export function visitorMemory(chatbotId: string, mode: StorageMode = 'always') {
  const conversationKey = `chatbot-widget:${chatbotId}:conversation`;
  const leadKey = `chatbot-widget:${chatbotId}:lead-sent`;
  const ratingKey = `chatbot-widget:${chatbotId}:rating`;
  const proactiveKey = `chatbot-widget:${chatbotId}:proactive-seen`;
  // What this page holds (a value, or null for removed) before, or instead of, the browser's storage.
  const held = new Map<string, string | null>();
  let mayWrite = mode === 'always';
  if (mode === 'never') for (const key of [conversationKey, leadKey, ratingKey, proactiveKey]) store(key, null);
  const read = (key: string): string | null => (held.has(key) ? held.get(key)! : mode === 'never' ? null : stored(key));
  const write = (key: string, value: string | null): void => {
    if (mayWrite) store(key, value);
    else held.set(key, value);
  };
  return {
    /**
     * The visitor opened the panel or sent a message: in `after_interaction` mode the widget may
     * write from now on, and writes what it held meanwhile.
     */
    interacted(): void {
      if (mode !== 'after_interaction' || mayWrite) return;
      mayWrite = true;
      for (const [key, value] of held) store(key, value);
      held.clear();
    },
    conversation(): SavedConversation | null {
      try {
        const saved = JSON.parse(read(conversationKey) ?? 'null');
        if (typeof saved?.id !== 'string' || typeof saved?.token !== 'string') return null;
        return typeof saved.user_id === 'string' ? { id: saved.id, token: saved.token, user_id: saved.user_id } : { id: saved.id, token: saved.token };
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
    /** The proactive messages this visitor was shown (by a digest of their text). */
    proactiveSeen(): string[] {
      try {
        const seen = JSON.parse(read(proactiveKey) ?? '[]');
        return Array.isArray(seen) ? seen.filter((entry): entry is string => typeof entry === 'string') : [];
      } catch {
        return [];
      }
    },
    saveProactiveSeen(digest: string): void {
      const seen = this.proactiveSeen().filter((entry) => entry !== digest);
      write(proactiveKey, JSON.stringify([...seen, digest].slice(-PROACTIVE_SEEN_LIMIT)));
    },
  };
}

export type VisitorMemory = ReturnType<typeof visitorMemory>;
