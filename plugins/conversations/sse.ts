// How a reply made at once is streamed like one generated (core/http/sse.ts writes the stream).

/** Splits a finished reply into word groups, so a reply made at once streams like one generated. */
export function pieces(text: string, wordsPerPiece = 4): string[] {
  const words = text.match(/\S+\s*/gu) ?? [text];
  const result: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) result.push(words.slice(i, i + wordsPerPiece).join(''));
  return result;
}
