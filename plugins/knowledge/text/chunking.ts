// Splits extracted text into the passages search returns: on headings and paragraphs, about 800 to
// 1,000 characters, the next chunk starting with about 150 characters of the previous one (whole
// sentences), each chunk keeping its title and the path of headings above it.

export const CHUNK_TARGET = 800;
export const CHUNK_MAX = 1000;
export const CHUNK_OVERLAP = 150;

export interface Section {
  headingPath: string[];
  paragraphs: string[];
}

export interface Chunk {
  title: string | null;
  headingPath: string[];
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Reads "#" headings and blank-line paragraphs, and strips the inline Markdown people write. */
export function toSections(text: string): Section[] {
  const sections: Section[] = [];
  const path: string[] = [];
  let current: Section = { headingPath: [], paragraphs: [] };
  let paragraph: string[] = [];
  const endParagraph = () => {
    const joined = stripInlineMarkdown(paragraph.join(' ')).replace(/\s+/g, ' ').trim();
    if (joined) current.paragraphs.push(joined);
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      if (current.paragraphs.length > 0) sections.push(current);
      const level = heading[1]!.length;
      path.length = Math.min(path.length, level - 1);
      path[level - 1] = stripInlineMarkdown(heading[2]!);
      current = { headingPath: path.filter(Boolean), paragraphs: [] };
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim());
    }
  }
  endParagraph();
  if (current.paragraphs.length > 0) sections.push(current);
  return sections;
}

function stripInlineMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: keep the alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links: keep the text
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/^>\s?/, '');
}

/**
 * Sentences, keeping their end punctuation. A sentence ends at . ! ? or … followed by white space,
 * so "4.90" or "v1.2" stay whole. A sentence longer than the maximum is cut by words.
 */
export function sentencesOf(paragraph: string): string[] {
  const sentences = paragraph.split(/(?<=[.!?…]["'»”)\]]*)\s+/).map((s) => s.trim()).filter(Boolean);
  return sentences.flatMap((sentence) => (sentence.length <= CHUNK_MAX ? [sentence] : cutByWords(sentence)));
}

function cutByWords(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const word of text.split(/\s+/)) {
    if (piece && piece.length + word.length + 1 > CHUNK_MAX) {
      pieces.push(piece);
      piece = '';
    }
    piece = piece ? `${piece} ${word}` : word.slice(0, CHUNK_MAX);
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export function chunkSections(sections: Section[], title: string | null): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    let sentences: string[] = [];
    let length = 0;
    let freshSentences = 0; // added since the last chunk; carried-over ones do not count
    const emit = () => {
      if (freshSentences === 0) return;
      chunks.push({ title, headingPath: section.headingPath, text: sentences.join(' ') });
      // Carry whole sentences from the end, up to the overlap, into the next chunk.
      const carried: string[] = [];
      let carriedLength = 0;
      for (let i = sentences.length - 1; i > 0; i--) {
        const next = sentences[i]!.length + (carried.length ? 1 : 0);
        if (carriedLength + next > CHUNK_OVERLAP) break;
        carried.unshift(sentences[i]!);
        carriedLength += next;
      }
      sentences = carried;
      length = carriedLength;
      freshSentences = 0;
    };
    for (const paragraph of section.paragraphs) {
      for (const sentence of sentencesOf(paragraph)) {
        const added = sentence.length + (sentences.length ? 1 : 0);
        if (length >= CHUNK_TARGET || length + added > CHUNK_MAX) emit();
        sentences.push(sentence);
        length += sentence.length + (sentences.length > 1 ? 1 : 0);
        freshSentences++;
      }
    }
    emit(); // the section's last chunk, unless it would hold only carried-over sentences
  }
  return chunks;
}
