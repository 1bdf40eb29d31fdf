// Small, real PDF and DOCX files built in code, so no binary fixture lives in the repository.
import JSZip from 'jszip';

/** A one-page PDF (Helvetica) with one text line per entry, base64-encoded. */
export function pdfBase64(lines: string[]): string {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 12 Tf 72 720 Td ${lines.map((line, i) => `${i ? '0 -18 Td ' : ''}(${escape(line)}) Tj`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1').toString('base64');
}

type DocxBlock = { heading: string } | { paragraph: string };

/** A DOCX with "Heading 1" paragraphs and body paragraphs, base64-encoded. */
export async function docxBase64(blocks: DocxBlock[]): Promise<string> {
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = blocks
    .map((block) =>
      'heading' in block
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${xmlText(block.heading)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t>${xmlText(block.paragraph)}</w:t></w:r></w:p>`,
    )
    .join('');
  const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:styles ${w}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`,
  );
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document ${w}><w:body>${body}</w:body></w:document>`);
  return (await zip.generateAsync({ type: 'nodebuffer' })).toString('base64');
}

/**
 * A DOCX-shaped ZIP whose word/document.xml is `bytes` zeros: deflate makes 200 MB of them about
 * 200 KB. The directory declares the real size, so a reader can refuse it before unzipping.
 */
export async function zeroBombDocx(bytes: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('word/document.xml', Buffer.alloc(bytes));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * The same ZIP with every declared uncompressed size (local headers and central directory)
 * rewritten to `declared`: a directory that lies, so only a capped inflate finds the truth.
 */
export function withDeclaredSizes(zip: Buffer, declared: number): Buffer {
  const lying = Buffer.from(zip);
  const end = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])); // End of Central Directory
  const entries = lying.readUInt16LE(end + 10);
  let at = lying.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    lying.writeUInt32LE(declared, at + 24); // the directory entry
    lying.writeUInt32LE(declared, lying.readUInt32LE(at + 42) + 22); // its local header
    at += 46 + lying.readUInt16LE(at + 28) + lying.readUInt16LE(at + 30) + lying.readUInt16LE(at + 32);
  }
  return lying;
}
