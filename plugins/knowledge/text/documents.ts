// Text out of the document formats the API accepts: plain text, Markdown and HTML sent as JSON
// strings, PDF and DOCX sent base64-encoded.
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { htmlFragmentToText, htmlPageToText } from './html.js';

export const DOCUMENT_FORMATS = ['text', 'markdown', 'html', 'pdf', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** MIME types of base64 content, and the format each one is read as. */
export const BINARY_MIME_TYPES: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export interface ExtractedText {
  title: string | null;
  /** Markdown-like: "#" heading lines and paragraphs separated by blank lines. */
  text: string;
}

/** Thrown for content that cannot be read; its message is shown to the user as the item's error. */
export class ExtractionError extends Error {}

export async function extractDocument(input: { format: DocumentFormat; content: string }): Promise<ExtractedText> {
  switch (input.format) {
    case 'text':
    case 'markdown':
      return { title: null, text: input.content };
    case 'html':
      return /<html[\s>]/i.test(input.content) ? htmlPageToText(input.content) : htmlFragmentToText(input.content);
    case 'pdf':
      return extractPdf(Buffer.from(input.content, 'base64'));
    case 'docx':
      return extractDocx(Buffer.from(input.content, 'base64'));
  }
}

export async function extractPdf(bytes: Buffer): Promise<ExtractedText> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    // One paragraph per line block; pages become paragraphs of their own.
    return { title: null, text: (text as string[]).map((page) => page.trim()).join('\n\n') };
  } catch (error) {
    throw new ExtractionError(`The PDF could not be read: ${(error as Error).message}`);
  }
}

export async function extractDocx(bytes: Buffer): Promise<ExtractedText> {
  try {
    const { value: html } = await mammoth.convertToHtml({ buffer: bytes });
    return htmlFragmentToText(html);
  } catch (error) {
    throw new ExtractionError(`The DOCX file could not be read: ${(error as Error).message}`);
  }
}
