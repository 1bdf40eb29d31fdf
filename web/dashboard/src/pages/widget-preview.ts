// The live preview of the real widget: an iframe whose document (srcdoc: same origin, so this
// page's Content-Security-Policy applies inside it too) loads our own /widget.js with the draft
// settings in `data-preview-config`, which the widget reads instead of GET /widget/v1/{id}/config.
// A change rebuilds the document, so what shows is exactly what the script renders.
import { useEffect, useState } from 'preact/hooks';
import { publicWidgetConfig } from '../../../../common/public-config.js';
import type { Chatbot, WidgetSettings } from '../types.js';
import { Checkbox, html } from '../ui.js';

/**
 * The public config (GET /widget/v1/{id}/config) the draft would give, by the server's own
 * function; opened at once and with no delay, and with sources shown, for the preview.
 */
export function previewConfig(chatbot: Chatbot, settings: WidgetSettings, openOnLoad: boolean) {
  const config = publicWidgetConfig({ ...chatbot, show_sources: true, attachments: null }, settings);
  return { ...config, display_rules: { ...settings.display_rules, open_on_load: openOnLoad, delay_seconds: 0 } };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function previewDocument(chatbotId: string, config: object): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Widget preview</title>
<link rel="stylesheet" href="/dashboard/assets/app.css"></head>
<body class="preview-page"><div class="preview-host"><h1>Your website</h1>
<p>This is how the chat widget looks on a page of your site.</p>
<p>Messages sent here reach the chatbot for real and appear among its conversations.</p></div>
<script src="/widget.js" data-chatbot-id="${escapeAttribute(chatbotId)}" data-preview-config="${escapeAttribute(JSON.stringify(config))}"></script>
</body></html>`;
}

/** Settings changes arrive per keystroke; the iframe reloads once typing pauses. */
function useDebounced<T>(value: T, milliseconds: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), milliseconds);
    return () => clearTimeout(timer);
  }, [value, milliseconds]);
  return settled;
}

export function WidgetPreview({ chatbot, settings }: { chatbot: Chatbot; settings: WidgetSettings }) {
  const [openOnLoad, setOpenOnLoad] = useState(true);
  const draft = useDebounced(JSON.stringify(previewConfig(chatbot, settings, openOnLoad)), 300);
  const config = JSON.parse(draft) as ReturnType<typeof previewConfig>;
  return html`<section class="card preview" aria-labelledby="preview-heading">
    <h2 id="preview-heading">Live preview</h2>
    ${chatbot.status === 'archived'
      ? html`<p class="notice">This chatbot is archived: its widget does not load on your site. Restore it to show the widget again.</p>`
      : chatbot.status === 'paused'
        ? html`<p class="notice">This chatbot is paused: on your site the widget says the chat is unavailable, as here.</p>`
        : null}
    <${Checkbox} label="Show the chat window open" checked=${openOnLoad} onChange=${setOpenOnLoad} />
    <iframe
      class="preview-frame"
      title="Widget preview"
      data-primary-color=${config.appearance.primary_color}
      srcdoc=${previewDocument(chatbot.id, config)}
    ></iframe>
    <p class="hint">The preview shows your unsaved changes. Save to publish them.</p>
  </section>`;
}
