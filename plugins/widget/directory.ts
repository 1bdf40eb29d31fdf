// Finding a chatbot's widget: by tenant for the settings API, and by chatbot id alone for the
// public routes (which know no account). Every chatbot gets its widget record when it is created
// (a durable reaction to chatbot.created); one created before the widget existed gets it the
// first time its settings are read or saved.
import { UniqueConstraintError, type BuiltInPluginApi, type TenantScope } from '../../core/index.js';
import { completeWidgetSettings, type WidgetSettings } from './settings.js';
import type { Widget, WidgetCollections } from './collections.js';

export interface PublicWidget {
  tenant: TenantScope;
  widget: Widget;
  settings: WidgetSettings;
}

export class WidgetDirectory {
  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly collections: WidgetCollections,
  ) {}

  /** The chatbot's widget record, created with default settings when it has none yet. */
  async ensure(tenant: TenantScope, chatbotId: string): Promise<Widget> {
    const widgets = this.collections.widgets.forTenant(tenant);
    const existing = await widgets.get(chatbotId);
    if (existing) return existing;
    try {
      return await widgets.insert({ id: chatbotId, chatbot_id: chatbotId, settings: null, created_at: this.api.now().toISOString(), updated_at: null });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      const raced = await widgets.get(chatbotId); // another request created it meanwhile
      if (!raced) throw error;
      return raced;
    }
  }

  async save(tenant: TenantScope, widget: Widget, settings: WidgetSettings): Promise<Widget> {
    const changes = { settings, updated_at: this.api.now().toISOString() };
    const updated = await this.collections.widgets.forTenant(tenant).update(widget.id, changes);
    return updated ?? { ...widget, ...changes };
  }

  /** Makes (or replaces) the chatbot's identity secret; the sealed form is kept, the secret returned once. */
  async setIdentitySecret(tenant: TenantScope, widget: Widget, sealed: string): Promise<Widget> {
    const changes = { identity_secret: { sealed, created_at: this.api.now().toISOString() } };
    const updated = await this.collections.widgets.forTenant(tenant).update(widget.id, changes);
    return updated ?? { ...widget, ...changes };
  }

  /** The widget of a chatbot id from a public request, or null (also when its account is disabled). */
  async findPublic(chatbotId: string): Promise<PublicWidget | null> {
    const found = await this.collections.widgets.findUniqueAcrossTenants('chatbot_id', chatbotId);
    if (!found) return null;
    const account = await this.api.privileged.platform.accounts.global().get(found.scope.accountId);
    if (!account || account.status !== 'active') return null;
    return { tenant: found.scope, widget: found.record, settings: completeWidgetSettings(found.record.settings) };
  }

  async deleteForChatbot(tenant: TenantScope, chatbotId: string): Promise<void> {
    await this.api.commit([
      this.collections.tokens.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      this.collections.identities.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
      this.collections.widgets.forTenant(tenant).ops.deleteMany({ chatbot_id: chatbotId }),
    ]);
  }
}
