import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { errorCodeOf } from "../caughtError";
import type { HeaderMap } from "./headers";
import { OutboundError } from "./OutboundError";
import type { OutboundTarget } from "./resolveOutboundTarget";

export interface Hop {
  target: OutboundTarget;
  method: string;
  headers: HeaderMap;
  body: Uint8Array | null;
  signal: AbortSignal;
}

/**
 * Sends one request and resolves with the response head. The socket connects to the validated address only:
 * IP literals need no lookup, and names get a lookup that answers the pinned address and nothing else, while
 * the Host header and the TLS server name stay those of the URL.
 */
export function sendHop(hop: Hop): Promise<IncomingMessage> {
  const { target } = hop;
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request({
      protocol: target.url.protocol,
      hostname: target.hostName,
      port: target.url.port === "" ? undefined : Number(target.url.port),
      path: `${target.url.pathname}${target.url.search}`,
      method: hop.method,
      headers: {
        ...hop.headers,
        host: target.url.host,
        "accept-encoding": "gzip, deflate, br",
        ...(hop.body ? { "content-length": String(hop.body.byteLength) } : {}),
      },
      agent: false,
      lookup: pinnedLookup(target),
      signal: hop.signal,
    });
    request.on("response", resolve);
    request.on("error", (error) => reject(toOutboundError(error, hop)));
    request.end(hop.body ?? undefined);
  });
}

export function toOutboundError(error: unknown, hop: { signal: AbortSignal; target: OutboundTarget }) {
  if (error instanceof OutboundError) return error;
  const url = hop.target.url.href;
  if (hop.signal.aborted) return new OutboundError("TIMEOUT", "The request timed out", { url, cause: error });
  const detail = errorCodeOf(error) ?? (error instanceof Error ? error.message : "unknown error");
  return new OutboundError("NETWORK_ERROR", `The request to ${hop.target.url.host} failed (${detail})`, {
    url,
    cause: error,
  });
}

function pinnedLookup(target: OutboundTarget): LookupFunction {
  return (hostName, options, callback) => {
    if (hostName !== target.hostName) {
      const error = Object.assign(new Error(`Unexpected lookup of ${hostName}`), { code: "ENOTFOUND" });
      callback(error, "", 0);
      return;
    }
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
