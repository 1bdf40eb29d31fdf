// The signed-in frame: header (account, live/test switch, member menu), navigation (collapsing to a
// menu button on a phone), the test-mode banner and the page the route names. Agents see only
// the inbox; a hash naming another page says their role cannot see it.
import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.js';
import { askForNotifications, conversationOpened, notificationPermission, setSound, soundOn, watchForVisitors } from './attention.js';
import { conversationCounts, refreshCounts } from './live.js';
import { AnalyticsPage } from './pages/analytics.js';
import { ApiKeysPage } from './pages/api-keys.js';
import { ChatbotCreatePage } from './pages/chatbot-create.js';
import { ChatbotLayout } from './pages/chatbot-layout.js';
import { ChatbotsPage } from './pages/chatbots.js';
import { InboxPage } from './pages/inbox.js';
import { LeadPage } from './pages/lead.js';
import { LeadsPage } from './pages/leads.js';
import { MembersPage } from './pages/members.js';
import { ModelsPage } from './pages/models.js';
import { PasswordPage } from './pages/password.js';
import { ProfilePage } from './pages/profile.js';
import { PlanPage } from './pages/plan.js';
import { SavedRepliesPage } from './pages/saved-replies.js';
import { WebhookPage } from './pages/webhook.js';
import { WebhooksPage } from './pages/webhooks.js';
import { href, navigate, type Route } from './router.js';
import { notify, session as sessionStore, useStore } from './state.js';
import type { MemberPresence, Mode, Role, Session } from './types.js';
import { html, PageHeader } from './ui.js';

const MANAGERS: Role[] = ['owner', 'admin'];
const EVERYONE: Role[] = ['owner', 'admin', 'agent'];

interface Section {
  key: string;
  label: string;
  roles: Role[];
  /** In the navigation (the password page is in the member menu instead). */
  nav: boolean;
}

const SECTIONS: Section[] = [
  { key: 'inbox', label: 'Inbox', roles: EVERYONE, nav: true },
  { key: 'chatbots', label: 'Chatbots', roles: MANAGERS, nav: true },
  { key: 'leads', label: 'Leads', roles: MANAGERS, nav: true },
  { key: 'saved-replies', label: 'Saved replies', roles: MANAGERS, nav: true },
  { key: 'analytics', label: 'Analytics', roles: MANAGERS, nav: true },
  { key: 'webhooks', label: 'Webhooks', roles: MANAGERS, nav: true },
  { key: 'models', label: 'Models', roles: MANAGERS, nav: true },
  { key: 'api-keys', label: 'API keys', roles: MANAGERS, nav: true },
  { key: 'members', label: 'Members', roles: MANAGERS, nav: true },
  { key: 'plan', label: 'Plan and usage', roles: MANAGERS, nav: true },
  { key: 'password', label: 'Change password', roles: EVERYONE, nav: false },
  { key: 'profile', label: 'Your profile', roles: EVERYONE, nav: false },
];

export function homeOf(role: Role): string {
  return role === 'agent' ? '/inbox' : '/chatbots';
}

function pageFor(route: Route): { component: ComponentType<any>; props: Record<string, unknown> } | null {
  const [section, first, second, third] = route.segments;
  switch (section) {
    case 'chatbots':
      if (!first) return { component: ChatbotsPage, props: {} };
      if (first === 'new') return { component: ChatbotCreatePage, props: {} };
      return { component: ChatbotLayout, props: { chatbotId: first, tab: second ?? 'profile' } };
    case 'inbox':
      return { component: InboxPage, props: { chatbotId: first ?? '', conversationId: second ?? '', params: route.query } };
    case 'conversations':
      // Dashboard I's address of a transcript: the same conversation in the inbox.
      return { component: ConversationsRedirect, props: { chatbotId: first ?? route.query.get('chatbot') ?? '', conversationId: second ?? '' } };
    case 'leads':
      return first ? { component: LeadPage, props: { leadId: first } } : { component: LeadsPage, props: { params: route.query } };
    case 'saved-replies':
      return { component: SavedRepliesPage, props: {} };
    case 'analytics':
      return { component: AnalyticsPage, props: { params: route.query } };
    case 'webhooks':
      return first ? { component: WebhookPage, props: { webhookId: first } } : { component: WebhooksPage, props: {} };
    case 'models':
      return { component: ModelsPage, props: {} };
    case 'api-keys':
      return { component: ApiKeysPage, props: {} };
    case 'members':
      return { component: MembersPage, props: {} };
    case 'plan':
      return { component: PlanPage, props: {} };
    case 'password':
      return { component: PasswordPage, props: {} };
    case 'profile':
      return { component: ProfilePage, props: {} };
    default:
      void third;
      return null;
  }
}

export function Shell({ session, route }: { session: Session; route: Route }) {
  const role = session.member.role;
  const sectionKey = route.segments[0];
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (!sectionKey) navigate(homeOf(role));
  }, [sectionKey, role]);

  // The mode and the member are the server's (one session, every tab): another tab may have
  // switched the mode or signed out. Read them again when this tab comes back into use.
  useEffect(() => {
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const current = await api.get('/dashboard/session');
        const known = sessionStore.value;
        if (known && (current.mode !== known.mode || current.member.id !== known.member.id)) {
          sessionStore.set(current);
          notify(`This tab now shows ${current.mode} data: the mode was switched in another tab`);
          navigate(`/${route.segments[0] ?? ''}`);
        }
      } catch {
        // A 401 signs the tab out through the API client; other failures change nothing.
      }
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [route.segments[0]]);

  // What needs the member is counted on every page, not only the inbox's.
  useEffect(() => watchForVisitors(session.member.id), [session.member.id, session.mode]);
  useEffect(() => {
    conversationOpened(route.segments[0] === 'inbox' ? (route.segments[2] ?? null) : null);
  }, [route.path]);

  // The inbox badge: read again on every page change (the inbox page keeps it live itself).
  useEffect(() => {
    void refreshCounts();
  }, [route.path, session.mode]);
  const counts = useStore(conversationCounts);

  // A new page: close the phone menu and move focus to its heading, so a screen reader says where we are.
  useEffect(() => {
    setMenuOpen(false);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => (main.current?.querySelector<HTMLElement>('[data-page-heading]') ?? main.current)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [route.path]);

  const section = SECTIONS.find((candidate) => candidate.key === sectionKey);
  const allowed = section ? section.roles.includes(role) : true;
  const page = pageFor(route);
  const visible = SECTIONS.filter((candidate) => candidate.nav && candidate.roles.includes(role));

  return html`<div class=${`shell${session.mode === 'test' ? ' test-mode' : ''}`}>
    <a
      class="skip-link"
      href="#main"
      onClick=${(event: Event) => {
        event.preventDefault();
        main.current?.focus();
      }}
      >Skip to content</a
    >
    <header class="masthead">
    ${session.mode === 'test'
      ? html`<div class="test-banner" role="note" aria-label="Test mode">
          <strong>Test mode.</strong> You are working with test data: test chatbots, keys and webhooks, separate from live.
        </div>`
      : null}
    <div class="topbar">
      <button
        type="button"
        class="button menu-button"
        aria-expanded=${menuOpen ? 'true' : 'false'}
        aria-controls="primary-navigation"
        onClick=${() => setMenuOpen(!menuOpen)}
      >
        Menu
      </button>
      <a class="brand" href=${'#' + homeOf(role)}>
        <span class="brand-name">${session.account.name}</span>
        <span class="plan-tag">${session.account.plan} plan</span>
      </a>
      <div class="topbar-end">
        <${PresenceSwitch} />
        <${ModeSwitch} mode=${session.mode} route=${route} />
        <${MemberMenu} session=${session} />
      </div>
    </div>
    </header>
    <div class="frame">
      <nav id="primary-navigation" class=${`sidebar${menuOpen ? ' open' : ''}`} aria-label="Main">
        <ul>
          ${visible.map(
            (item) => html`<li>
              <a href=${href(item.key)} aria-current=${item.key === sectionKey ? 'page' : undefined}
                >${item.label}${item.key === 'inbox' && counts && counts.waiting > 0
                  ? html` <span class="nav-count">${counts.waiting}<span class="visually-hidden"> waiting</span></span>`
                  : null}</a
              >
            </li>`,
          )}
        </ul>
      </nav>
      <main id="main" ref=${main} tabindex="-1" class="content">
        ${!allowed
          ? html`<${Forbidden} role=${role} />`
          : page
            ? html`<${page.component} key=${session.mode} session=${session} ...${page.props} />`
            : sectionKey
              ? html`<${NotFound} role=${role} />`
              : null}
      </main>
    </div>
  </div>`;
}

function Forbidden({ role }: { role: Role }) {
  return html`<section class="notice-page">
    <${PageHeader} title="Your role cannot see this" />
    <p>This page is for owners and admins. As ${role === 'agent' ? 'an agent' : `a ${role}`}, you can read and answer conversations.</p>
    <p><a class="button primary" href=${'#' + homeOf(role)}>Go to the inbox</a></p>
  </section>`;
}

/** Replaces the old address in the history, so Back does not come here again. */
function ConversationsRedirect({ chatbotId, conversationId }: { chatbotId: string; conversationId: string }) {
  useEffect(() => {
    if (chatbotId && conversationId) location.replace(href('inbox', chatbotId, conversationId));
    else location.replace(chatbotId ? `#/inbox?chatbot=${encodeURIComponent(chatbotId)}` : '#/inbox');
  }, [chatbotId, conversationId]);
  return null;
}

function NotFound({ role }: { role: Role }) {
  return html`<section class="notice-page">
    <${PageHeader} title="Page not found" />
    <p>There is no page at this address.</p>
    <p><a class="button" href=${'#' + homeOf(role)}>Go to the start page</a></p>
  </section>`;
}

/** How often an open dashboard tells the server this member is still here (the server lets 90 s lapse). */
const PRESENCE_HEARTBEAT_MS = 30_000;

/**
 * Available or away for visitors' handoffs. Every open tab beats: the member stays counted while
 * one is open and lapses when the last one closes. The beat's answer carries the status, so a
 * change made in another tab shows here within one beat.
 */
function PresenceSwitch() {
  const [presence, setPresence] = useState<MemberPresence | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stopped = false;
    const beat = async () => {
      try {
        const current = await api.post('/api/v1/presence/heartbeat');
        if (!stopped) setPresence(current);
      } catch {
        // A 401 signs the tab out through the API client; a failed beat is retried with the next one.
      }
    };
    void beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const available = presence?.status === 'available';
  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await api.put('/api/v1/presence', { status: available ? 'away' : 'available' });
      setPresence(updated);
      notify(updated.status === 'available' ? 'You are available for chats' : 'You are away: handoffs wait for someone else');
    } catch (error) {
      notify(`Your availability could not be changed: ${(error as Error).message}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="presence-switch">
    <button type="button" role="switch" aria-checked=${available ? 'true' : 'false'} disabled=${busy || !presence} onClick=${toggle} class="switch">
      <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
      <span>Available for chats</span>
    </button>
  </div>`;
}

function ModeSwitch({ mode, route }: { mode: Mode; route: Route }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const next: Mode = mode === 'live' ? 'test' : 'live';
    try {
      const updated = await api.patch('/dashboard/session', { mode: next });
      sessionStore.set(updated);
      notify(next === 'test' ? 'Switched to test mode' : 'Switched to live mode');
      // A chatbot or webhook of one mode does not exist in the other, nor do filters naming one:
      // back to the section's list, unfiltered.
      if (route.segments[0] !== 'password') navigate(`/${route.segments[0] ?? ''}`);
    } catch (error) {
      notify(`The mode could not be switched: ${(error as Error).message}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="mode-switch">
    <button type="button" role="switch" aria-checked=${mode === 'test' ? 'true' : 'false'} disabled=${busy} onClick=${toggle} class="switch">
      <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
      <span>Test mode</span>
    </button>
    <span class=${`mode-label ${mode}`} aria-hidden="true">${mode === 'test' ? 'TEST' : 'LIVE'}</span>
  </div>`;
}

function MemberMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const signOut = async () => {
    try {
      await api.delete('/dashboard/session');
    } catch {
      // Signed out already (expired): the page signs out all the same.
    }
    sessionStore.set(null);
    navigate('/');
    notify('You have signed out');
  };

  const member = session.member;
  return html`<div class="member-menu">
    <button
      type="button"
      class="button member-button"
      ref=${button}
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls="member-menu-panel"
      onClick=${() => setOpen(!open)}
    >
      <span class="visually-hidden">Member menu: </span><span class="member-name">${member.name || member.email}</span>
    </button>
    <div id="member-menu-panel" class="member-panel" ref=${panel} hidden=${!open}>
      <p class="member-identity">
        <strong>${member.name || member.email}</strong><br />
        <span>${member.email}</span><br />
        <span class="role-tag">${member.role}</span>
      </p>
      <${AlertSettings} memberId=${member.id} />
      <a class="button" href=${href('profile')} onClick=${() => setOpen(false)}>Your profile</a>
      <a class="button" href=${href('password')} onClick=${() => setOpen(false)}>Change password</a>
      <button type="button" class="button" onClick=${signOut}>Sign out</button>
    </div>
  </div>`;
}

/** How this browser tells the member a visitor waits: the sound's off switch, and the notification permission, asked for only on a click. */
function AlertSettings({ memberId }: { memberId: string }) {
  const sound = useStore(soundOn);
  const permission = useStore(notificationPermission);
  return html`<div class="alert-settings">
    <button type="button" role="switch" aria-checked=${sound ? 'true' : 'false'} class="switch" onClick=${() => setSound(memberId, !sound)}>
      <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
      <span>Sound for waiting visitors</span>
    </button>
    ${permission === 'default'
      ? html`<button type="button" class="button" onClick=${() => void askForNotifications()}>Turn on browser notifications</button>`
      : permission === 'denied'
        ? html`<p class="hint">Browser notifications are blocked for this site in your browser’s settings.</p>`
        : null}
  </div>`;
}
