// The little shared state the pages need: the signed-in session, notifications for the live
// region, and a secret handed from one page to the next (shown once).
import { useEffect, useState } from 'preact/hooks';
import type { Session } from './types.js';

export class Store<T> {
  private listeners = new Set<() => void>();
  constructor(private current: T) {}
  get value(): T {
    return this.current;
  }
  set(value: T): void {
    this.current = value;
    for (const listener of this.listeners) listener();
  }
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.value);
  useEffect(() => {
    setValue(store.value);
    return store.subscribe(() => setValue(store.value));
  }, [store]);
  return value;
}

/** undefined while the first GET /dashboard/session is under way; null when signed out. */
export const session = new Store<Session | null | undefined>(undefined);
/**
 * Whether the server offers its first-run setup (no account yet): asked when the page loads with
 * nobody signed in, and false once the setup is done (a sign-out then shows the sign-in page).
 */
export const firstRunOpen = new Store<boolean>(false);

export interface Notification {
  id: number;
  text: string;
  kind: 'success' | 'error';
}
export const notifications = new Store<Notification[]>([]);
let nextNotification = 1;

/** Says something in the live region (and shows it) for a few seconds. */
export function notify(text: string, kind: Notification['kind'] = 'success'): void {
  const id = nextNotification++;
  notifications.set([...notifications.value, { id, text, kind }]);
  setTimeout(() => dismiss(id), kind === 'error' ? 10_000 : 5_000);
}

export function dismiss(id: number): void {
  notifications.set(notifications.value.filter((notification) => notification.id !== id));
}

/** A secret created on one page and shown on the next, once (a new chatbot's API key). */
export const handedSecret = new Store<{ forPath: string; label: string; secret: string } | null>(null);

// A handed secret belongs to the member and mode it was made in: signing out, another member
// signing in, or a switch of mode drops it (the next person at this browser must not see it).
let sessionKey: string | null = null;
session.subscribe(() => {
  const current = session.value;
  const key = current ? `${current.member.id}:${current.mode}` : null;
  if (key !== sessionKey) handedSecret.set(null);
  sessionKey = key;
});
