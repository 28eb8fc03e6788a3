import { isOutboundError } from "../outbound/OutboundError";
import { safeFetch } from "../outbound/safeFetch";
import { readStreamBytes, safeFetchStream } from "../outbound/safeFetchStream";

/** What a plug-in's service answered: any HTTP status is an answer; only no answer at all is not. */
export type ServiceResponse =
  | { ok: true; status: number; body: unknown; text: string; headers: Record<string, string> }
  | { ok: false; error: string };

export interface ServiceCall {
  /** The service's name in messages ("PostHog"). */
  service: string;
  /** Hosts reachable although private (tests' local servers, OUTBOUND_ALLOWED_HOSTS is added by safeFetch). */
  allowList?: readonly string[];
  signal?: AbortSignal;
}

export interface ServiceRequest {
  method: "GET" | "POST" | "PATCH";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Secrets sent with the request, removed from any message that could quote them. */
  secrets: readonly string[];
  timeoutMs?: number;
}

/**
 * One request of a plug-in to its service, through safeFetch: the address (a user's own host: PostHog,
 * NocoDB, Dify) is checked against the SSRF rules at every hop, time and size are capped.
 */
export async function callServiceApi(call: ServiceCall, request: ServiceRequest): Promise<ServiceResponse> {
  try {
    const response = await safeFetch(request.url, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      timeoutMs: request.timeoutMs ?? 10_000,
      maxResponseBytes: 8 * 1024 * 1024,
      allowList: call.allowList,
      signal: call.signal,
    });
    return {
      ok: true,
      status: response.status,
      body: parseJson(response.bodyText),
      text: response.bodyText,
      headers: response.headers,
    };
  } catch (error) {
    return { ok: false, error: describeUnreachable(call.service, error, request.secrets) };
  }
}

function describeUnreachable(service: string, error: unknown, secrets: readonly string[]): string {
  const reason = isOutboundError(error)
    ? error.code === "BLOCKED_ADDRESS"
      ? "refused by the outbound rules"
      : error.code
    : "NETWORK_ERROR";
  return redact(`${service} could not be reached (${reason})`, secrets);
}

/** What a service answered with a binary body (audio): the bytes, and the text of a refusal. */
export type ServiceBytesResponse =
  | { ok: true; status: number; contentType: string; bytes: Buffer; body: unknown; text: string }
  | { ok: false; error: string };

/** `callServiceApi` for a body read as bytes (up to `maxResponseBytes`, 25 MB by default). */
export async function callServiceApiForBytes(
  call: ServiceCall,
  request: ServiceRequest & { maxResponseBytes?: number },
): Promise<ServiceBytesResponse> {
  try {
    const stream = await safeFetchStream(request.url, {
      method: request.method,
      headers: {
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      timeoutMs: request.timeoutMs ?? 10_000,
      maxResponseBytes: request.maxResponseBytes ?? 25 * 1024 * 1024,
      allowList: call.allowList,
      signal: call.signal,
    });
    const bytes = await readStreamBytes(stream);
    const text = isSuccess(stream.status) ? "" : bytes.toString("utf8");
    return {
      ok: true,
      status: stream.status,
      contentType: stream.headers["content-type"]?.split(";")[0]?.trim() || "application/octet-stream",
      bytes,
      body: text ? parseJson(text) : undefined,
      text,
    };
  } catch (error) {
    return { ok: false, error: describeUnreachable(call.service, error, request.secrets) };
  }
}

/** A refusal's message for the logs: the status and what the service said (its `message`/`error`), without secrets. */
export function describeServiceRefusal(
  service: string,
  response: { status: number; body: unknown; text: string },
  secrets: readonly string[],
): string {
  const said = readMessage(response.body) ?? response.text.slice(0, 300);
  return redact(`${service} answered ${response.status}${said.trim() ? `: ${said.trim()}` : ""}`, secrets);
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export { isSuccess as isSuccessStatus };

function readMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "msg", "error", "detail"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.slice(0, 300);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { message?: unknown }).message === "string"
    )
      return (value as { message: string }).message.slice(0, 300);
  }
  return undefined;
}

function redact(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (secret.length >= 4) redacted = redacted.split(secret).join("[redacted]");
  return redacted;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
