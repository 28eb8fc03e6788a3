import http, { type IncomingMessage } from "node:http";
import type { TrustedProxies } from "@parley/config/network/trustedProxies";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import { platformEnv } from "../env";

/**
 * The header in which every mount hands the handlers the client's address, computed from the socket
 * (`stampClientAddress`). A value a client sent under this name is replaced, never read.
 */
export const CLIENT_ADDRESS_HEADER = "x-parley-client-address";

/**
 * The client's address: the peer's, unless the peer is a trusted proxy (TRUSTED_PROXIES, default
 * loopback); then X-Forwarded-For is read from the right, past every trusted proxy, and its first
 * untrusted entry is the client (proxy-addr, Express's rule). So a proxy that appends the address it
 * sees (HAProxy `option forwardfor`, nginx `$proxy_add_x_forwarded_for`) names the real client, and
 * what a client writes in the header itself counts only behind proxies trusted to the left of it.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies = platformEnv.TRUSTED_PROXIES,
): string {
  if (!peer) return "unknown";
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const request = { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": header } };
  return proxyAddr(request as unknown as IncomingMessage, trusted);
}

/**
 * What a limit per client address counts under: an IPv4 address (also written IPv4-mapped), or the /64
 * of an IPv6 one (the block one subscriber gets, whose addresses they can rotate at will).
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.toString();
  const prefix = parsed.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** Sets CLIENT_ADDRESS_HEADER of a node:http request from its socket and X-Forwarded-For. */
export function stampClientAddress(request: IncomingMessage, trusted?: TrustedProxies) {
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
    request.socket?.remoteAddress,
    request.headers["x-forwarded-for"],
    trusted,
  );
}

/** The client address a mount stamped on `request` ("unknown" when none did). */
export function readClientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

const stampedServers = Symbol.for("parley.clientAddressStamped");

/**
 * Next's servers (standalone server.js, `next dev`) give route handlers no socket and keep a client's
 * X-Forwarded-For as sent, and they offer no hook before their own request handling. So the apps
 * call this from their instrumentation (which Next runs before it serves a request): every node:http
 * server of the process stamps each request before its listeners see it. Installed once per process.
 */
export function stampClientAddressOnEveryServer() {
  const prototype = http.Server.prototype as {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  const marks = globalThis as { [stampedServers]?: boolean };
  if (marks[stampedServers]) return;
  marks[stampedServers] = true;
  const emit = prototype.emit;
  prototype.emit = function emitStamped(this: http.Server, event, ...args) {
    if (event === "request") stampClientAddress(args[0] as IncomingMessage);
    return emit.call(this, event, ...args);
  };
}
