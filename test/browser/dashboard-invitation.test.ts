// A new invitation link for an invited member is shown on the members page. POST
// …/members/{id}/invitation answers the invitation alone ({url, expires_at}); the page used to pass
// it on as a member, whose `invitation` was then undefined, so it announced a new link and showed
// none (found when the dashboard's calls were typed by the OpenAPI document).
import t from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import { openDashboard, signIn, startDashboardServer } from '../helpers/dashboard.js';

t.setTimeout(120_000);

const INVITED = { email: 'ivy@invite.example', name: 'Ivy Invited' };

t.test('an owner issues a new invitation link and sees it', async (t) => {
  const browser = await launchBrowser(t);
  const s = await startDashboardServer(t, { plan: 'professional', accountName: 'Invite Co', ownerEmail: 'olga@invite.example', ownerName: 'Olga Owner' });
  const invited = await s.http('POST', '/api/v1/members', { key: s.account.live, payload: { ...INVITED, role: 'agent' } });
  t.equal(invited.status, 201, 'a member invited through the API');
  const firstUrl = invited.json.invitation.url as string;

  const { page } = await openDashboard(browser, s.base, { hash: '#/members' });
  await signIn(page, s.owner.email, s.owner.password);
  await page.getByRole('button', { name: `New invitation link for ${INVITED.email}` }).click();

  await page.getByRole('heading', { name: `Invitation link for ${INVITED.email}` }).waitFor();
  const shown = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  t.match(shown, new RegExp(`^${s.base}/dashboard#/accept\\?token=`), 'the new link is shown, to copy');
  t.not(shown, firstUrl, 'it is the new link, not the first one');

  // The link shown is the one that works: accepting with it signs the member in.
  const token = decodeURIComponent(new URL(shown).hash.split('token=')[1]!);
  const accepted = await s.http('POST', '/dashboard/invitations/accept', { payload: { token, password: 'ivy-password-1' } });
  t.equal(accepted.status, 200, 'the shown link accepts the invitation');
  const old = decodeURIComponent(new URL(firstUrl).hash.split('token=')[1]!);
  t.equal((await s.http('POST', '/dashboard/invitations/accept', { payload: { token: old, password: 'ivy-password-1' } })).status >= 400, true, 'the first link no longer works');
  await page.context().close();
});
