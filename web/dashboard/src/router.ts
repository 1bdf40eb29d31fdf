// Hash routing: `/dashboard#/chatbots/cb_…/widget?x=1` is the path ['chatbots', 'cb_…', 'widget']
// and its query. The server serves one page; the fragment never reaches it.
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  /** The path's segments, decoded. */
  segments: string[];
  query: URLSearchParams;
  /** The whole path, as `#/…` names it (`/chatbots/cb_1`). */
  path: string;
}

export function currentRoute(): Route {
  const fragment = location.hash.replace(/^#/, '') || '/';
  const [path = '/', search = ''] = fragment.split('?', 2);
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return { segments, query: new URLSearchParams(search), path: `/${segments.join('/')}` };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const changed = () => setRoute(currentRoute());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

/** A link target for a path of segments: href('chatbots', id) is `#/chatbots/cb_…`. */
export function href(...segments: string[]): string {
  return `#/${segments.map(encodeURIComponent).join('/')}`;
}

export function navigate(target: string): void {
  const next = target.startsWith('#') ? target : `#${target}`;
  if (location.hash === next) dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = next;
}
