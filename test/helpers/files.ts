// Files as visitors and agents send them, for the attachment tests: a real 1×1 PNG (a browser
// draws it), a minimal valid PDF, a GIF and a JPEG header, and what must be refused: an HTML page
// and an SVG with a script, whatever they are named.
import { randomBytes } from 'node:crypto';

export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const PDF_MINIMAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const GIF_HEADER = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);
export const JPEG_HEADER = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(32)]);
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>parent.pwned = true</script></body></html>');
export const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** `size` bytes that open as a PNG (its signature) and are random after it: many chunks of the store. */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG_1PX.subarray(0, 8), randomBytes(size - 8)]);
}
