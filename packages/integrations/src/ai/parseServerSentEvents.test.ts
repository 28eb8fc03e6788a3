import { describe, expect, it } from "vitest";
import { parseServerSentEvents, type ServerSentEvent } from "./parseServerSentEvents";

async function collect(chunks: (string | Buffer)[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const event of parseServerSentEvents(source())) events.push(event);
  return events;
}

describe("parseServerSentEvents", () => {
  it("reads events split anywhere across chunks", async () => {
    const body = 'event: content_block_delta\ndata: {"a":1}\n\ndata: [DONE]\n\n';
    const whole = await collect([body]);
    for (let cut = 1; cut < body.length; cut++) {
      expect(await collect([body.slice(0, cut), body.slice(cut)])).toEqual(whole);
    }
    expect(whole).toEqual([
      { event: "content_block_delta", data: '{"a":1}' },
      { event: "message", data: "[DONE]" },
    ]);
  });

  it("joins data lines, ignores comments, accepts CRLF and CR line ends", async () => {
    expect(await collect([": ping\r\ndata: one\r\ndata:two\r\n\r\n", "data: three\r\r"])).toEqual([
      { event: "message", data: "one\ntwo" },
      { event: "message", data: "three" },
    ]);
  });

  it("keeps multi-byte characters split between chunks", async () => {
    const bytes = Buffer.from("data: héllo 👋\n\n", "utf8");
    expect(await collect([bytes.subarray(0, 9), bytes.subarray(9, 15), bytes.subarray(15)])).toEqual([
      { event: "message", data: "héllo 👋" },
    ]);
  });

  it("yields a last event the server closed without a blank line", async () => {
    expect(await collect(["data: last"])).toEqual([{ event: "message", data: "last" }]);
  });
});
