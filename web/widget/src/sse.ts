// Server-sent events read from a fetch response body (EventSource cannot POST or send a token).

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** Yields each event of a text/event-stream body as it arrives. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A "\r" at the end may be the first half of a "\r\n" split across chunks: keep it for later.
      const complete = done ? buffer : buffer.replace(/\r$/, '');
      const normalised = complete.replace(/\r\n?/g, '\n');
      const blocks = normalised.split('\n\n');
      buffer = done ? '' : blocks.pop()! + buffer.slice(complete.length);
      for (const block of blocks) {
        const event = parseBlock(block);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}
