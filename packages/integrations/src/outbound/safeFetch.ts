import type { IncomingMessage } from "node:http";
import { type AllowList, mergeAllowLists, parseAllowList } from "@parley/config/network/allowList";
import { errorMessageOf } from "../caughtError";
import { integrationsEnv } from "../env";
import {
  type HeaderMap,
  headersForRedirect,
  normalizeRequestHeaders,
  normalizeResponseHeaders,
} from "./headers";
import { OutboundError } from "./OutboundError";
import { readResponseBody } from "./readResponseBody";
import {
  parseOutboundUrl,
  type ResolveHost,
  resolveOutboundTarget,
  resolveWithSystemDns,
} from "./resolveOutboundTarget";
import { type Hop, sendHop, toOutboundError } from "./sendHop";

export interface SafeFetchOptions {
  /** GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS (any case). Default GET. */
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array | null;
  /** Budget for the whole exchange, DNS and redirects included. Default 10 s, at most 120 s. */
  timeoutMs?: number;
  /** Cap on the decoded body. Default 1 MiB, at most 64 MiB. */
  maxResponseBytes?: number;
  /** Redirects followed before TOO_MANY_REDIRECTS. Default 10, at most 20. */
  maxRedirects?: number;
  /** Extra hosts, IPs or CIDRs reachable for this call, on top of OUTBOUND_ALLOWED_HOSTS. */
  allowList?: readonly string[];
  /** Name resolution; defaults to the system resolver (every address of the name is checked). */
  resolveHost?: ResolveHost;
  /** Stops the exchange early (a chat turn past its budget); rejects with TIMEOUT. */
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", "; connection-level headers removed. */
  headers: Record<string, string>;
  bodyText: string;
  /** The URL of the final response, after redirects. */
  url: string;
}

export const safeFetchLimits = {
  defaultTimeoutMs: 10_000,
  maxTimeoutMs: 120_000,
  defaultMaxResponseBytes: 1024 * 1024,
  maxResponseBytes: 64 * 1024 * 1024,
  defaultMaxRedirects: 10,
  maxRedirects: 20,
} as const;

const allowedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * HTTP(S) request that cannot reach this machine, private networks or metadata services (unless allowed by
 * OUTBOUND_ALLOWED_HOSTS or `allowList`): every hop's URL and resolved addresses are checked, the socket is
 * pinned to the checked address, redirects are followed by hand, time and size are capped.
 * Rejects only with `OutboundError`.
 */
export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> {
  let deadline: Deadline | undefined;
  try {
    const settings = readSettings(options);
    deadline = startDeadline(settings.timeoutMs, options.signal);
    const { response, url, hop } = await openFollowingRedirects(
      parseOutboundUrl(input),
      settings,
      deadline.signal,
    );
    const status = response.statusCode ?? 0;
    const hasBody = settings.method !== "HEAD" && status !== 204 && status !== 304;
    const result = await readResponseBody(response, {
      maxBytes: settings.maxResponseBytes,
      signal: deadline.signal,
      url: url.href,
      hasBody,
    }).catch((error: unknown) => Promise.reject(toOutboundError(error, hop)));
    return {
      status,
      headers: normalizeResponseHeaders(response.headers, { wasDecoded: result.wasDecoded }),
      bodyText: result.text,
      url: url.href,
    };
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError("NETWORK_ERROR", "The request failed", { cause: error });
  } finally {
    deadline?.stop();
  }
}

export interface Deadline {
  signal: AbortSignal;
  /** Clears the timer and aborts whatever is still running. */
  stop(): void;
}

/** One signal for the whole exchange: fires at the time budget or when the caller's signal does. */
export function startDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  else callerSignal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    stop: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
      controller.abort();
    },
  };
}

export interface Settings {
  method: string;
  headers: HeaderMap;
  body: Uint8Array | null;
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
  allowList: AllowList;
  resolveHost: ResolveHost;
}

/** Follows redirects (each hop checked and pinned) and resolves with the final response head. */
export async function openFollowingRedirects(
  firstUrl: URL,
  settings: Settings,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; url: URL; hop: Hop }> {
  let url = firstUrl;
  let { method, headers, body } = settings;
  for (let redirects = 0; ; redirects++) {
    const target = await resolveOutboundTarget(url, { ...settings, signal });
    const hop = { target, method, headers, body, signal };
    const response = await sendHop(hop);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!redirectStatuses.has(status) || location === undefined) return { response, url, hop };
    response.destroy();
    if (redirects >= settings.maxRedirects) {
      throw new OutboundError("TOO_MANY_REDIRECTS", `More than ${settings.maxRedirects} redirects`, {
        url: url.href,
      });
    }
    const nextUrl = parseRedirectLocation(location, url);
    // Fetch semantics: 303 (and 301/302 after POST) become a body-less GET; 307/308 repeat the request.
    const dropsBody =
      (status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && method === "POST");
    if (dropsBody) {
      method = "GET";
      body = null;
    }
    headers = headersForRedirect(headers, { isCrossOrigin: nextUrl.origin !== url.origin, dropsBody });
    url = nextUrl;
  }
}

function parseRedirectLocation(location: string, base: URL): URL {
  let absolute: string;
  try {
    absolute = new URL(location, base).href;
  } catch {
    throw new OutboundError("INVALID_URL", "A redirect pointed to an invalid URL", { url: base.href });
  }
  return parseOutboundUrl(absolute);
}

export function readSettings(options: SafeFetchOptions): Settings {
  const method = (options.method ?? "GET").toUpperCase();
  if (!allowedMethods.has(method)) {
    throw new OutboundError("INVALID_REQUEST", `The method ${JSON.stringify(options.method)} is not allowed`);
  }
  let callAllowList: AllowList;
  try {
    callAllowList = parseAllowList(options.allowList ?? []);
  } catch (error) {
    throw new OutboundError("INVALID_REQUEST", errorMessageOf(error));
  }
  const body = options.body ?? null;
  return {
    method,
    headers: normalizeRequestHeaders(options.headers),
    body: typeof body === "string" ? Buffer.from(body, "utf8") : body,
    timeoutMs: readLimit(
      "timeoutMs",
      options.timeoutMs,
      1,
      safeFetchLimits.maxTimeoutMs,
      safeFetchLimits.defaultTimeoutMs,
    ),
    maxResponseBytes: readLimit(
      "maxResponseBytes",
      options.maxResponseBytes,
      0,
      safeFetchLimits.maxResponseBytes,
      safeFetchLimits.defaultMaxResponseBytes,
    ),
    maxRedirects: readLimit(
      "maxRedirects",
      options.maxRedirects,
      0,
      safeFetchLimits.maxRedirects,
      safeFetchLimits.defaultMaxRedirects,
    ),
    allowList: mergeAllowLists(integrationsEnv.OUTBOUND_ALLOWED_HOSTS, callAllowList),
    resolveHost: options.resolveHost ?? resolveWithSystemDns,
  };
}

/** Missing → default; above the ceiling → the ceiling; not a number or below the floor → INVALID_REQUEST. */
function readLimit(
  name: string,
  value: number | undefined,
  floor: number,
  ceiling: number,
  fallback: number,
) {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < floor) {
    throw new OutboundError("INVALID_REQUEST", `${name} must be a number of at least ${floor}`);
  }
  return Math.min(Math.floor(value), ceiling);
}
