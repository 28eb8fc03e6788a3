import type { IncomingHttpHeaders } from "node:http";
import { validateHeaderName, validateHeaderValue } from "node:http";
import { OutboundError } from "./OutboundError";

/** Headers that describe one connection, not the message (RFC 9110 7.6.1), plus those we compute ourselves. */
const connectionHeaders = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
];
const computedRequestHeaders = ["host", "content-length", "accept-encoding", "expect"];
/** Headers that carry credentials of one origin: never sent to another origin after a redirect. */
const credentialHeaders = ["authorization", "cookie", "proxy-authorization"];
/** Headers describing a request body: dropped when a redirect turns the request into a body-less GET. */
const bodyHeaders = [
  "content-type",
  "content-encoding",
  "content-language",
  "content-location",
  "content-length",
];

export type HeaderMap = Record<string, string>;

/** Lower-cases names, refuses names or values that could split the message, drops connection-level headers. */
export function normalizeRequestHeaders(headers: Readonly<Record<string, string>> | undefined): HeaderMap {
  const normalized: HeaderMap = {};
  for (const [rawName, rawValue] of Object.entries(headers ?? {})) {
    const name = rawName.trim().toLowerCase();
    const value = String(rawValue).trim();
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      throw new OutboundError(
        "INVALID_REQUEST",
        `The header ${JSON.stringify(rawName)} is not a valid HTTP header`,
      );
    }
    normalized[name] = value;
  }
  return withoutHeaders(normalized, [
    ...connectionHeaders,
    ...computedRequestHeaders,
    ...listedConnectionTokens(normalized),
  ]);
}

/** Request headers for the next hop of a redirect. */
export function headersForRedirect(
  headers: HeaderMap,
  options: { isCrossOrigin: boolean; dropsBody: boolean },
) {
  let next = headers;
  if (options.isCrossOrigin) next = withoutHeaders(next, credentialHeaders);
  if (options.dropsBody) next = withoutHeaders(next, bodyHeaders);
  return next;
}

/** Response headers as one string per name, without connection-level headers (and without the encoding we undid). */
export function normalizeResponseHeaders(
  headers: IncomingHttpHeaders,
  options: { wasDecoded: boolean },
): HeaderMap {
  const flat: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const dropped = [...connectionHeaders, ...listedConnectionTokens(flat)];
  if (options.wasDecoded) dropped.push("content-encoding", "content-length");
  return withoutHeaders(flat, dropped);
}

function listedConnectionTokens(headers: HeaderMap): string[] {
  return (headers.connection ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== "");
}

function withoutHeaders(headers: HeaderMap, names: readonly string[]): HeaderMap {
  const dropped = new Set(names);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name)));
}
