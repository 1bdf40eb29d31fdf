// How a file someone uploaded is served from our origin: so that nothing in it can run there.
/**
 * The headers that keep a served file inert on our origin: its proven type, no sniffing, a CSP that
 * sandboxes it (no script, no plugin, no form, even if a browser renders it as a page), images shown
 * inline and PDFs only downloaded.
 */
export function inertFileHeaders(attachment: { name: string; content_type: string }): Record<string, string> {
  const disposition = attachment.content_type === 'application/pdf' ? 'attachment' : 'inline';
  const ascii = attachment.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 8187: every character but the attribute characters percent-encoded (encodeURIComponent
  // leaves ' ( ) * as they are); a name that cannot be encoded (not well formed) keeps the ASCII form.
  let encoded: string;
  try {
    encoded = encodeURIComponent(attachment.name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    encoded = encodeURIComponent(ascii);
  }
  return {
    'Content-Type': attachment.content_type,
    'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    // The widget reads a file with fetch (CORS), which this does not stop; another site's <img> it does.
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'private, no-store',
  };
}

