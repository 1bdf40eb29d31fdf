// Every built-in area of this build, in registration order (an area reads the services of those
// before it). A new resource area adds one line.
import type { BuiltInPlugin } from '../core/index.js';
import { accountsPlugin } from './accounts/index.js';
import { analyticsPlugin } from './analytics/index.js';
import { chatbotsPlugin } from './chatbots/index.js';
import { conversationsPlugin } from './conversations/index.js';
import { dashboardPlugin } from './dashboard/index.js';
import { docsPlugin } from './docs/index.js';
import { healthPlugin } from './health/index.js';
import { knowledgePlugin } from './knowledge/index.js';
import { learningPlugin } from './learning/index.js';
import { leadsPlugin } from './leads/index.js';
import { membersPlugin } from './members/index.js';
import { metricsPlugin } from './metrics/index.js';
import { modelProvidersPlugin } from './model-providers/index.js';
import { oauthPlugin } from './oauth/index.js';
import { presencePlugin } from './presence/index.js';
import { savedRepliesPlugin } from './saved-replies/index.js';
import { webhooksPlugin } from './webhooks/index.js';
import { widgetPlugin } from './widget/index.js';

export const allPlugins: BuiltInPlugin[] = [
  healthPlugin,
  metricsPlugin,
  accountsPlugin,
  membersPlugin,
  presencePlugin,
  chatbotsPlugin,
  modelProvidersPlugin,
  knowledgePlugin,
  leadsPlugin,
  conversationsPlugin,
  learningPlugin,
  savedRepliesPlugin,
  webhooksPlugin,
  analyticsPlugin,
  widgetPlugin,
  dashboardPlugin,
  oauthPlugin,
  docsPlugin,
];
