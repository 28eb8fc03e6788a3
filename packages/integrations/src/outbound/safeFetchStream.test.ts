import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../testing/startLocalServer";
import { OutboundError } from "./OutboundError";
import { readStreamBytes, safeFetchStream } from "./safeFetchStream";

const allowList = ["127.0.0.1"];
let server: LocalServer;
let releaseSlowChunk: () => void = () => {};
let slowStreamClosed: Promise<void>;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/chunks":
        response.setHeader("content-type", "text/event-stream");
        response.write("data: one\n\n");
        // The second chunk is written only when the test has read the first one.
        releaseSlowChunk = () => response.end("data: two\n\n");
        return;
      case "/redirect":
        response.statusCode = 302;
        response.setHeader("location", "/gzip");
        response.end();
        return;
      case "/gzip":
        response.setHeader("content-encoding", "gzip");
        response.end(zlib.gzipSync("compressed stream"));
        return;
      case "/binary":
        response.setHeader("content-type", "audio/mpeg");
        response.end(Buffer.from([0, 255, 1, 254, 2]));
        return;
      case "/large":
        response.write("a".repeat(600));
        response.end("b".repeat(600));
        return;
      case "/hang": {
        let markClosed: () => void = () => {};
        slowStreamClosed = new Promise((resolve) => {
          markClosed = resolve;
        });
        response.on("close", () => markClosed());
        response.write("first");
        return;
      }
    }
  });
});

afterAll(() => server.close());

describe("safeFetchStream", () => {
  it("yields chunks as the server sends them", async () => {
    const stream = await safeFetchStream(`${server.origin}/chunks`, { allowList });
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream");
    const received: string[] = [];
    for await (const chunk of stream.body) {
      received.push(chunk.toString("utf8"));
      if (received.length === 1) releaseSlowChunk();
    }
    expect(received).toEqual(["data: one\n\n", "data: two\n\n"]);
  });

  it("follows redirects and decodes compressed bodies", async () => {
    const stream = await safeFetchStream(`${server.origin}/redirect`, { allowList });
    expect(stream.url).toBe(`${server.origin}/gzip`);
    expect((await readStreamBytes(stream)).toString("utf8")).toBe("compressed stream");
  });

  it("keeps binary bodies intact", async () => {
    const stream = await safeFetchStream(`${server.origin}/binary`, { allowList });
    expect([...(await readStreamBytes(stream))]).toEqual([0, 255, 1, 254, 2]);
  });

  it("refuses loopback addresses unless allowed, before connecting", async () => {
    const before = server.connections;
    const error = await safeFetchStream(`${server.origin}/binary`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).code).toBe("BLOCKED_ADDRESS");
    expect(server.connections).toBe(before);
  });

  it("stops a body past the size cap", async () => {
    const stream = await safeFetchStream(`${server.origin}/large`, { allowList, maxResponseBytes: 1000 });
    const error = await readStreamBytes(stream).catch((caught: unknown) => caught);
    expect((error as OutboundError).code).toBe("RESPONSE_TOO_LARGE");
  });

  it("stops a stalled body when the caller aborts, and closes the connection", async () => {
    const controller = new AbortController();
    const stream = await safeFetchStream(`${server.origin}/hang`, { allowList, signal: controller.signal });
    const iterator = stream.body[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.toString()).toBe("first");
    const pending = iterator.next();
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect((error as OutboundError).code).toBe("TIMEOUT");
    await slowStreamClosed;
  });
});
