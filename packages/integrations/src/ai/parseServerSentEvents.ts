export interface ServerSentEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream body into events as they complete (WHATWG rules: LF, CR or CRLF
 * line ends, `data:` lines joined with LF, comments and unknown fields ignored).
 */
export async function* parseServerSentEvents(
  chunks: AsyncIterable<Buffer | string>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let event = "";
  let data: string[] = [];
  const takeLines = function* (isEnd: boolean) {
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A trailing CR may be the first half of CRLF: wait for the next chunk unless the body ended.
      if (!match || (match[0] === "\r" && match.index === buffer.length - 1 && !isEnd)) return;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      yield line;
    }
  };
  const handleLine = (line: string): ServerSentEvent | null => {
    if (line === "") {
      const complete = data.length > 0 ? { event: event || "message", data: data.join("\n") } : null;
      event = "";
      data = [];
      return complete;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    return null;
  };
  for await (const chunk of chunks) {
    buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    for (const line of takeLines(false)) {
      const complete = handleLine(line);
      if (complete) yield complete;
    }
  }
  buffer += decoder.decode();
  for (const line of takeLines(true)) {
    const complete = handleLine(line);
    if (complete) yield complete;
  }
  // A last event without its blank line still counts (servers that close right after it).
  if (buffer !== "") handleLine(buffer);
  if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
}
