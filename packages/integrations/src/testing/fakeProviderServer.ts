import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalServer, startLocalServer } from "./startLocalServer";

/** One request a fake provider received, as the provider would see it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body, or the raw bytes for multipart uploads. */
  json: Record<string, unknown> | null;
  raw: Buffer;
  /** When its headers arrived (performance.now() of this process). */
  receivedAt: number;
  /** A streamed answer: when its first text event was written (performance.now()): the provider's own TTFT. */
  firstTextAt?: number;
}

/** A tool call a scripted reply makes; `arguments` is the raw JSON text (malformed on purpose in tests). */
export interface ScriptedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * One scripted answer of the chat endpoint, in the provider's real format: text, tool calls (with
 * text before them or not), or an HTTP error. A streamed one may be cut after `cutAfterBytes` bytes
 * (the connection is destroyed), stall after `stallAfterEvents` events until the client gives up, or
 * hold its text after the first piece until `holdUntil` resolves (a browser test sees it grow).
 */
export interface ScriptedReply {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  httpError?: { status: number; message: string };
  cutAfterBytes?: number;
  stallAfterEvents?: number;
  holdUntil?: Promise<void>;
}

export interface FakeProviderServer {
  origin: string;
  requests: ReceivedRequest[];
  /** What the next completions answer (default: an echo of the last user message). */
  setReply(reply: ((messages: { role: string; content: string }[]) => string) | string): void;
  /** Queues answers of the chat endpoint, used in order before the default behaviour resumes. */
  script(...replies: ScriptedReply[]): void;
  /** Each streamed answer is sent in these pieces (default: one per word). */
  setChunking(split: (text: string) => string[]): void;
  /** Resolves when a streamed answer was sent whole and its connection closed. */
  nextStreamFinished(): Promise<{ aborted: boolean }>;
  /** Holds every stream chunk after the first text until `release()` (client-disconnect tests). */
  holdStreams(): { release: () => void };
  /** Each streamed answer waits `ms` before its first text event, as a model thinks before its first token. */
  setFirstTokenDelay(ms: number): void;
  close(): Promise<void>;
}

export interface ProviderProtocol {
  /** Answers one request; `send` helpers write provider-shaped bodies. */
  handle(request: ReceivedRequest, response: ServerResponse, context: ProtocolContext): Promise<void> | void;
}

export interface ProtocolContext {
  apiKey: string;
  /** The next scripted answer of the chat endpoint, if the test queued one. */
  nextScripted(): ScriptedReply | undefined;
  reply(messages: { role: string; content: string }[]): string;
  chunk(text: string): string[];
  /**
   * Writes SSE events one by one, waiting for each to leave. A hold stops the stream after the
   * event at `firstTextIndex` (the first one carrying text).
   */
  streamEvents(
    response: ServerResponse,
    events: { event?: string; data: unknown }[],
    firstTextIndex: number,
    faults?: Pick<ScriptedReply, "cutAfterBytes" | "stallAfterEvents" | "holdUntil">,
  ): Promise<void>;
}

export const lastUserMessage = (messages: { role: string; content: string }[]) =>
  [...messages].reverse().find((message) => message.role === "user")?.content ?? "";

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(body));
}

/** Starts a loopback server speaking `protocol`; tests point credentials' base URLs at it. */
export async function startFakeProviderServer(
  protocol: ProviderProtocol,
  apiKey: string,
): Promise<FakeProviderServer> {
  let reply: (messages: { role: string; content: string }[]) => string = (messages) =>
    `You said: ${lastUserMessage(messages)}`;
  let chunk = (text: string) => text.split(/(?<= )/);
  let finishWaiters: ((result: { aborted: boolean }) => void)[] = [];
  let hold: Promise<void> | null = null;
  const requests: ReceivedRequest[] = [];
  const scripted: ScriptedReply[] = [];
  let firstTokenDelayMs = 0;
  const requestOf = new WeakMap<ServerResponse, ReceivedRequest>();

  const context: ProtocolContext = {
    apiKey,
    nextScripted: () => scripted.shift(),
    reply: (messages) => reply(messages),
    chunk: (text) => chunk(text),
    async streamEvents(response, events, firstTextIndex, faults = {}) {
      response.statusCode = 200;
      response.setHeader("content-type", "text/event-stream");
      response.setHeader("cache-control", "no-cache");
      response.flushHeaders();
      let aborted = false;
      response.on("close", () => {
        aborted = !response.writableFinished;
      });
      let bytesLeft = faults.cutAfterBytes ?? Number.POSITIVE_INFINITY;
      for (const [index, event] of events.entries()) {
        if (index === firstTextIndex + 1 && hold) await hold;
        if (index === firstTextIndex && firstTokenDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, firstTokenDelayMs));
        if (index === firstTextIndex + 1 && faults.holdUntil) await faults.holdUntil;
        if (index === faults.stallAfterEvents)
          await new Promise<void>((resolve) => {
            if (response.destroyed) resolve();
            else response.on("close", () => resolve());
          });
        if (response.destroyed) break;
        const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
        const bytes = Buffer.from(`${event.event ? `event: ${event.event}\n` : ""}data: ${data}\n\n`);
        const sent = bytes.subarray(0, Math.min(bytes.byteLength, bytesLeft));
        bytesLeft -= sent.byteLength;
        await new Promise<void>((resolve) => response.write(sent, () => resolve()));
        const received = requestOf.get(response);
        if (index === firstTextIndex && received) received.firstTextAt = performance.now();
        if (bytesLeft <= 0) {
          // The connection drops mid-answer, as a crashed server or proxy would leave it.
          response.destroy();
          break;
        }
      }
      if (!response.destroyed) await new Promise<void>((resolve) => response.end(resolve));
      const waiters = finishWaiters;
      finishWaiters = [];
      for (const waiter of waiters) waiter({ aborted: aborted || response.destroyed });
    },
  };

  const server: LocalServer = await startLocalServer((incoming, response) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    incoming.on("data", (data: Buffer) => chunks.push(data));
    incoming.on("end", () => {
      const raw = Buffer.concat(chunks);
      let json: Record<string, unknown> | null = null;
      if ((incoming.headers["content-type"] ?? "").includes("application/json")) {
        try {
          json = JSON.parse(raw.toString("utf8"));
        } catch {
          return sendJson(response, 400, { error: { message: "Invalid JSON body" } });
        }
      }
      const received: ReceivedRequest = {
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        headers: incoming.headers,
        json,
        raw,
        receivedAt,
      };
      requests.push(received);
      requestOf.set(response, received);
      Promise.resolve(protocol.handle(received, response, context)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.destroy();
      });
    });
  });

  return {
    origin: server.origin,
    requests,
    setReply(next) {
      reply = typeof next === "string" ? () => next : next;
    },
    script(...replies) {
      scripted.push(...replies);
    },
    setChunking(split) {
      chunk = split;
    },
    nextStreamFinished: () => new Promise((resolve) => finishWaiters.push(resolve)),
    holdStreams() {
      let release: () => void = () => {};
      hold = new Promise((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return { release };
    },
    setFirstTokenDelay(ms) {
      firstTokenDelayMs = ms;
    },
    close: () => server.close(),
  };
}
