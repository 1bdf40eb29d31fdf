// Text out of the document formats the API accepts: plain text, Markdown and HTML sent as JSON
// strings, PDF and DOCX sent base64-encoded. These run inside the parser worker threads
// (../parsing/), never on the server's event loop: the PDF and DOCX libraries are loaded on first
// use, and the main thread takes the format names from formats.ts, so it never loads this module.
import { ExtractionError } from '../parsing/errors.js';
import { rebuildZip, unpackZipWithinLimits } from '../parsing/zip-limits.js';
import type { DocumentFormat } from './formats.js';
import { htmlFragmentToText, htmlPageToText } from './html.js';

export { ExtractionError } from '../parsing/errors.js';
export { BINARY_MIME_TYPES, DOCUMENT_FORMATS, type DocumentFormat } from './formats.js';

export interface ExtractedText {
  title: string | null;
  /** Markdown-like: "#" heading lines and paragraphs separated by blank lines. */
  text: string;
}

export async function extractDocument(input: { format: DocumentFormat; content: string }): Promise<ExtractedText> {
  switch (input.format) {
    case 'text':
    case 'markdown':
      return { title: null, text: input.content };
    case 'html':
      return extractHtml(input.content);
    case 'pdf':
      return extractPdf(Buffer.from(input.content, 'base64'));
    case 'docx':
      return extractDocx(Buffer.from(input.content, 'base64'));
  }
}

/** A pasted fragment or a whole page (it has an <html> tag). */
export function extractHtml(html: string): ExtractedText {
  return readingHtml(() => (/<html[\s>]/i.test(html) ? htmlPageToText(html) : htmlFragmentToText(html)));
}

/** Runs an HTML read, turning a parser's failure (a stack overflow on deep nesting) into one a user can read. */
export function readingHtml<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RangeError) throw new ExtractionError('The HTML could not be read: it is nested too deeply');
    throw new ExtractionError(`The HTML could not be read: ${(error as Error).message}`);
  }
}

export async function extractPdf(bytes: Buffer): Promise<ExtractedText> {
  try {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    // One paragraph per line block; pages become paragraphs of their own.
    return { title: null, text: (text as string[]).map((page) => page.trim()).join('\n\n') };
  } catch (error) {
    throw new ExtractionError(`The PDF could not be read: ${(error as Error).message}`);
  }
}

export async function extractDocx(bytes: Buffer): Promise<ExtractedText> {
  // Unpacked by us first: a zip bomb is refused from its directory, a lying directory by a capped
  // inflate of each entry; mammoth then reads an archive rebuilt from exactly those entries, never
  // the upload, whose parts another ZIP reader might find otherwise.
  const checked = await rebuildZip(unpackZipWithinLimits(bytes, 'DOCX'));
  let html: string;
  try {
    const { default: mammoth } = await import('mammoth');
    ({ value: html } = await mammoth.convertToHtml({ buffer: checked }));
  } catch (error) {
    throw new ExtractionError(`The DOCX file could not be read: ${(error as Error).message}`);
  }
  return readingHtml(() => htmlFragmentToText(html));
}
