// The reply box's saved reply picker: typing `/` and part of a shortcut lists the saved replies
// usable in this conversation's chatbot; ↑/↓ choose, Enter or Tab (or a click) inserts the chosen
// one with its variables filled in by the server for this conversation, Escape closes the list.
// The textarea keeps focus throughout (aria-activedescendant names the option), so typing goes on.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { notify } from '../state.js';
import type { SavedReply } from '../types.js';
import { html } from '../ui.js';

const MAX_SHOWN = 8;
/** `/` and the start of a shortcut, at the start of the text or after a space, ending at the caret. */
const SLASH_TOKEN = /(^|\s)\/([a-z0-9-]{0,40})$/i;

interface Token {
  /** Where the `/` is in the text. */
  start: number;
  end: number;
  search: string;
}

export function slashTokenAt(text: string, caret: number): Token | null {
  const match = SLASH_TOKEN.exec(text.slice(0, caret));
  if (!match) return null;
  const start = caret - match[2]!.length - 1;
  return { start, end: caret, search: match[2]!.toLowerCase() };
}

export interface ReplyPicker {
  /** Props for the textarea: its ARIA state and key handling. */
  textareaProps: Record<string, unknown>;
  /** Call on every input with the textarea's value and caret. */
  onTextChange(text: string, caret: number): void;
  /** The list (or nothing while closed). */
  view: unknown;
  open: boolean;
}

export function useReplyPicker(options: {
  chatbotId: string;
  conversationId: string;
  textarea: { current: HTMLTextAreaElement | null };
  setText: (text: string) => void;
}): ReplyPicker {
  const { chatbotId, conversationId, textarea, setText } = options;
  const [token, setToken] = useState<Token | null>(null);
  const [replies, setReplies] = useState<SavedReply[]>([]);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState('');
  const asked = useRef(0);
  const open = token !== null && replies.length > 0;

  useEffect(() => {
    if (!token) {
      setReplies([]);
      return;
    }
    // Answers can come back out of order: only the latest question's counts.
    const question = ++asked.current;
    const search = token.search;
    void api
      .get(`/api/v1/saved-replies${query({ chatbot_id: chatbotId, q: search || undefined, limit: 100 })}`)
      .then((page) => {
        if (question !== asked.current) return;
        const found = rankByShortcut(page.data, search).slice(0, MAX_SHOWN);
        setReplies(found);
        setActive(0);
        setStatus(found.length === 0 ? 'No saved reply matches.' : `${found.length} saved ${found.length === 1 ? 'reply' : 'replies'}: up and down arrows to choose, Enter to insert.`);
      })
      .catch(() => question === asked.current && setReplies([]));
  }, [token?.search, token === null, chatbotId]);

  const close = () => {
    asked.current++;
    setToken(null);
    setReplies([]);
  };

  async function insert(reply: SavedReply) {
    const box = textarea.current;
    if (!box || !token) return;
    const at = token;
    close();
    try {
      const rendered = await api.post(`/api/v1/saved-replies/${encode(reply.id)}/render`, { conversation_id: conversationId });
      const current = box.value;
      const next = current.slice(0, at.start) + rendered.text + current.slice(at.end);
      setText(next);
      const caret = at.start + rendered.text.length;
      requestAnimationFrame(() => {
        box.focus();
        box.setSelectionRange(caret, caret);
      });
      if (rendered.missing.length > 0) {
        notify(`Inserted /${reply.shortcut}; no value for ${rendered.missing.map((name) => `{${name}}`).join(', ')}: check the text before sending.`);
      } else {
        setStatus(`Inserted /${reply.shortcut}.`);
      }
    } catch (error) {
      notify(`Could not insert /${reply.shortcut}: ${(error as Error).message}`);
    }
  }

  const listId = `saved-replies-${conversationId}`;
  const optionId = (index: number) => `${listId}-${index}`;

  return {
    open,
    onTextChange(text, caret) {
      setToken(slashTokenAt(text, caret));
    },
    textareaProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
      onKeyDownCapture: (event: KeyboardEvent) => {
        if (!open) return;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((active + step + replies.length) % replies.length);
        } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
          event.preventDefault();
          event.stopPropagation();
          void insert(replies[active]!);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      },
      // A click on an option keeps focus in the box (its mousedown is cancelled): a blur is leaving.
      onBlur: close,
    },
    view: html`<p class="visually-hidden" role="status" aria-live="polite">${token ? status : ''}</p>
      ${open
        ? html`<ul class="reply-picker" id=${listId} role="listbox" aria-label="Saved replies">
            ${replies.map(
              (reply, index) => html`<li
                id=${optionId(index)}
                key=${reply.id}
                role="option"
                aria-selected=${index === active ? 'true' : 'false'}
                class=${index === active ? 'active' : ''}
                onMouseDown=${(event: MouseEvent) => event.preventDefault()}
                onClick=${() => void insert(reply)}
              >
                <span class="reply-picker-shortcut">/${reply.shortcut}</span>
                <span class="reply-picker-title">${reply.title}</span>
                <span class="reply-picker-body">${reply.body}</span>
              </li>`,
            )}
          </ul>`
        : null}`,
  };
}

/** Shortcuts that start with what was typed first, then the other matches (title or text). */
function rankByShortcut(replies: SavedReply[], search: string): SavedReply[] {
  const starts = replies.filter((reply) => reply.shortcut.startsWith(search));
  return [...starts.sort((a, b) => a.shortcut.localeCompare(b.shortcut)), ...replies.filter((reply) => !reply.shortcut.startsWith(search))];
}
