import { z } from "zod";
import { isOutboundError } from "../outbound/OutboundError";
import { type SafeFetchOptions, safeFetch } from "../outbound/safeFetch";
import { type SafeFetchStream, safeFetchStream } from "../outbound/safeFetchStream";
import { AiProviderError, type CallOptions } from "./aiTypes";

/** Replies of AI providers (model lists, completions) stay well under this. */
export const MAX_PROVIDER_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface ProviderRequest {
  url: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: unknown;
  /** The key sent in `headers`, removed from any message that quotes it. */
  secret: string | null;
}

/** Sends a JSON request through safeFetch and parses the JSON reply; failures become AiProviderError. */
export async function requestProviderJson(request: ProviderRequest, call: CallOptions): Promise<unknown> {
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(request.url, toFetchOptions(request, call));
  } catch (error) {
    throw toProviderError(error, request.secret);
  }
  const body = parseJson(response.bodyText);
  if (response.status >= 400)
    throw describeHttpError(response.status, body, response.bodyText, request.secret);
  if (body === undefined)
    throw new AiProviderError(`The provider answered ${response.status} with a body that is not JSON`);
  return body;
}

/** Opens a streamed request; an error status is read whole and thrown as AiProviderError. */
export async function openProviderStream(
  request: ProviderRequest,
  call: CallOptions,
  extra: { headers?: Record<string, string>; body?: Uint8Array } = {},
): Promise<SafeFetchStream> {
  let stream: SafeFetchStream;
  try {
    stream = await safeFetchStream(request.url, toFetchOptions(request, call, extra));
  } catch (error) {
    throw toProviderError(error, request.secret);
  }
  if (stream.status < 400) return stream;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream.body) chunks.push(chunk);
  } catch {
    // The error status is what matters.
  }
  const text = Buffer.concat(chunks).toString("utf8");
  throw describeHttpError(stream.status, parseJson(text), text, request.secret);
}

/** The outbound options of a provider call: its JSON (or given) body, caps and allow-list. */
function toFetchOptions(
  request: ProviderRequest,
  call: CallOptions,
  extra: { headers?: Record<string, string>; body?: Uint8Array } = {},
): SafeFetchOptions {
  return {
    method: request.method ?? "POST",
    headers: { ...jsonHeaders(request), ...extra.headers },
    body: extra.body ?? (request.body === undefined ? null : JSON.stringify(request.body)),
    timeoutMs: call.timeoutMs,
    maxResponseBytes: MAX_PROVIDER_RESPONSE_BYTES,
    allowList: call.allowList,
    signal: call.signal,
  };
}

function jsonHeaders(request: ProviderRequest): Record<string, string> {
  return {
    accept: "application/json",
    ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
    ...request.headers,
  };
}

/** A reply field read leniently: another type reads as absent, as providers differ in what they omit or null. */
export const optionalString = z.string().optional().catch(undefined);
export const optionalNumber = z.number().optional().catch(undefined);

/** The arguments of a tool call: a JSON object. */
export const toolArgumentsSchema = z.record(z.string(), z.unknown());

/** A provider's reply read through its schema; undefined when it does not have the shape at all. */
export function parseReply<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** An `error` object of a reply or streamed event (OpenAI, Mistral, Anthropic). */
export const providerErrorSchema = z.object({ message: optionalString });

/** The message of an `error` value: `{ message }` or the text itself. */
function readErrorValue(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  return parseReply(providerErrorSchema, error)?.message;
}

/** An error reply: the message under `error.message` or `error`, or `message` / `detail` (Mistral, proxies). */
const errorReplySchema = z.object({
  error: z.unknown().optional(),
  message: z.unknown().optional(),
  detail: z.unknown().optional(),
});

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** OpenAI, Mistral and Anthropic all put a message under `error.message` (Mistral also `message`). */
function describeHttpError(status: number, body: unknown, text: string, secret: string | null) {
  const record = parseReply(errorReplySchema, body);
  const candidate =
    readErrorValue(record?.error) ||
    record?.message ||
    (typeof record?.detail === "string" && record.detail) ||
    text.slice(0, 300);
  const message = typeof candidate === "string" && candidate.trim() !== "" ? candidate : `HTTP ${status}`;
  return new AiProviderError(`The provider answered ${status}: ${redactSecret(message, secret)}`, status);
}

export function toProviderError(error: unknown, secret: string | null): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (isOutboundError(error)) {
    const reason = error.code === "BLOCKED_ADDRESS" ? "refused by the outbound rules" : error.code;
    return new AiProviderError(
      `The provider could not be reached (${reason}): ${redactSecret(error.message, secret)}`,
    );
  }
  return new AiProviderError(
    `The provider request failed: ${redactSecret(error instanceof Error ? error.message : String(error), secret)}`,
  );
}

/**
 * Removes the key from text a provider sent back, and the masked forms some providers echo
 * (`sk-proj-****…1234`), so a log never carries any part of it.
 */
export function redactSecret(text: string, secret: string | null): string {
  let redacted = secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
  redacted = redacted.replace(/\b(?:sk|pk|rk|key|api)[-_][\w*.-]{6,}/gi, "[redacted]");
  if (secret && secret.length >= 12) redacted = redacted.split(secret.slice(-8)).join("[redacted]");
  return redacted;
}

/** Joins a base URL and a path without doubling or losing the slash. */
export const joinUrl = (baseUrl: string, path: string) =>
  `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
