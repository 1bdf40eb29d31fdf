// The document formats the API accepts, apart from the code that reads them (documents.ts): the
// main thread needs the names only, and importing the readers would load the HTML stack
// (linkedom, Readability, html-to-text: ~10 MB of memory) into a thread that never parses.
export const DOCUMENT_FORMATS = ['text', 'markdown', 'html', 'pdf', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** MIME types of base64 content, and the format each one is read as. */
export const BINARY_MIME_TYPES: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};
