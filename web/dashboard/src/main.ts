// The dashboard's entry: reads the session, then shows the sign-in page, the invitation page or
// the signed-in shell with the page the hash names.
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { api, ApiError, whenSessionLost } from './api.js';
import { AcceptInvitationPage } from './pages/accept.js';
import { SetupPage } from './pages/setup.js';
import { SignInPage } from './pages/sign-in.js';
import { useRoute, type Route } from './router.js';
import { Shell } from './shell.js';
import { firstRunOpen, notify, session, useStore } from './state.js';
import type { Session } from './types.js';
import { html, Loading, Notifications } from './ui.js';
import './app.css';

async function loadSession(): Promise<void> {
  try {
    session.set(await api.get('/dashboard/session'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      firstRunOpen.set(await api.get('/dashboard/setup').then((setup) => setup.open, () => false));
    }
    if (error instanceof ApiError && error.status === 401) session.set(null);
    else {
      session.set(null);
      notify(error instanceof Error ? error.message : 'The session could not be read', 'error');
    }
  }
}

whenSessionLost((error) => {
  if (session.value) notify(error.code === 'session_expired' ? 'Your session has expired: please sign in again.' : error.message, 'error');
  session.set(null);
});

function App() {
  const current = useStore(session);
  const setupOpen = useStore(firstRunOpen);
  const route = useRoute();
  useEffect(() => {
    void loadSession();
  }, []);

  // The live region exists from the start: one added later is not reliably announced.
  return html`${page(current, route, setupOpen)}<${Notifications} />`;
}

function page(current: Session | null | undefined, route: Route, setupOpen: boolean) {
  if (route.segments[0] === 'accept') return html`<${AcceptInvitationPage} token=${route.query.get('token') ?? ''} />`;
  if (current === undefined) return html`<main class="centered"><${Loading} label="Loading the dashboard…" /></main>`;
  if (current === null) return setupOpen ? html`<${SetupPage} />` : html`<${SignInPage} />`;
  return html`<${Shell} session=${current} route=${route} />`;
}

const root = document.getElementById('app')!;
root.textContent = ''; // the "Loading the dashboard…" line index.html shows until this script runs
render(html`<${App} />`, root);
