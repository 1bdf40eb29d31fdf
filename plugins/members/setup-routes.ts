// First run in the browser (issue 32; core/auth/first-run.ts): while the store has no account,
// GET /dashboard/setup says so and POST /dashboard/setup makes the first account and its owner
// with the setup code the server printed at start-up, then signs the owner in.
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { apiError, FirstRun, setupCodeMatches, UniqueConstraintError, type BuiltInPluginApi, type Member, type PlanName } from '../../core/index.js';
import { email, memberName, password, sessionResponse } from './schemas.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/**
 * The first account is the self-hoster's own: every feature and no request caps (the spec's
 * enterprise plan, or whatever the configuration's `plans.enterprise` says); `accounts update
 * --plan` changes it.
 */
export const FIRST_ACCOUNT_PLAN: PlanName = 'enterprise';

export interface SetupRouteTools {
  throttle: SignInThrottle;
  clientAddress(request: Request): string;
  assertOriginIfSent(request: Request): void;
  /** Opens a session for the new owner and sets its cookie; returns the session's body. */
  signIn(request: Request, h: ResponseToolkit, member: Member): Promise<object>;
}

export function setupRoutes(api: BuiltInPluginApi, tools: SetupRouteTools): ServerRoute[] {
  const { platform, auth } = api.privileged;
  const firstRun = new FirstRun(api.privileged, platform.accounts);
  return [
    {
      method: 'GET',
      path: '/dashboard/setup',
      options: {
        auth: false,
        description: 'Whether this server still offers to create its first account',
        notes: '`open` is true while the store has no account and no first-run setup was done; the dashboard then shows its setup form.',
        tags: ['api', 'dashboard'],
        response: { schema: Joi.object({ open: Joi.boolean().required() }).label('FirstRunSetup') },
        handler: async () => ({ open: await firstRun.isOpen() }),
      },
    },
    {
      method: 'POST',
      path: '/dashboard/setup',
      options: {
        auth: false,
        description: 'Create the first account and its owner (first run), then sign in',
        notes:
          'Only while `GET /dashboard/setup` says `open`: afterwards, or once any account exists, 409 `setup_complete`. ' +
          '`setup_code` is the code the server prints at start-up (`Setup code: XXXX-XXXX-XXXX`; any case, dashes optional); ' +
          'a wrong one is 403 `setup_code_invalid`, and attempts are throttled like sign-ins (429 `sign_in_throttled`). ' +
          `The account gets the \`${FIRST_ACCOUNT_PLAN}\` plan and a live and a test key (see them under API keys); the session cookie ` +
          'is set, in live mode. Posted from another origin: 403 `origin_mismatch`.',
        tags: ['api', 'dashboard'],
        plugins: { platform: { errors: { 403: ['setup_code_invalid', 'origin_mismatch'], 409: ['setup_complete'], 429: ['sign_in_throttled'] } } },
        validate: {
          payload: Joi.object({
            setup_code: Joi.string().max(64).required().description('The code the server printed at start-up'),
            organisation_name: Joi.string().trim().min(1).max(200).required().description('The account’s name'),
            email: email.required(),
            password: password.required(),
            name: memberName,
          }),
        },
        response: { status: { 201: sessionResponse } },
        handler: async (request, h) => {
          tools.assertOriginIfSent(request);
          const input = request.payload as { setup_code: string; organisation_name: string; email: string; password: string; name?: string };
          if (!(await firstRun.isOpen())) throw setupComplete();
          await tools.throttle.attempt('first-run setup', tools.clientAddress(request));
          if (!setupCodeMatches(platform.config, input.setup_code)) {
            throw apiError(403, 'setup_code_invalid', 'The setup code is not right: it is printed in the server’s start-up output (Setup code: …)');
          }
          let created;
          try {
            created = await auth.createAccountWithKeys({
              name: input.organisation_name,
              plan: FIRST_ACCOUNT_PLAN,
              owner: { email: input.email, password: input.password, name: input.name },
              claim: (account, now) => firstRun.claim(account, now),
            });
          } catch (error) {
            // The marker's unique id: another setup took it between the check above and this commit.
            if (error instanceof UniqueConstraintError) throw setupComplete();
            throw error;
          }
          api.logger.info({ account: created.account.id }, 'first-run setup done: the first account was created');
          const body = await tools.signIn(request, h, created.owner!);
          return h.response(body).code(201);
        },
      },
    },
  ];
}

function setupComplete() {
  return apiError(409, 'setup_complete', 'This server is set up already: sign in, or ask the operator (chatbot-platform accounts create)');
}
