import { lookup } from "node:dns/promises";
import {
  type AllowList,
  isAddressAllowed,
  isAddressNamed,
  isHostNameAllowed,
} from "@parley/config/network/allowList";
import { type ClassifiedAddress, classifyAddress } from "@parley/config/network/classifyAddress";
import { OutboundError } from "./OutboundError";

/** Resolves a host name to every address it has (tests inject one; the default asks the system resolver). */
export type ResolveHost = (hostName: string) => Promise<string[]>;

/** Where one request hop connects: the URL as sent and the validated address the socket is pinned to. */
export interface OutboundTarget {
  url: URL;
  /** `url.hostname` without IPv6 brackets. */
  hostName: string;
  address: string;
  family: 4 | 6;
}

/** Names that designate the machine itself or a cloud metadata service whatever DNS says. */
const reservedHostNames = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);

/** Categories no allow-list entry can open: they are not a host. */
const neverAllowed = new Set(["unspecified", "multicast", "broadcast"]);

export const resolveWithSystemDns: ResolveHost = async (hostName) => {
  const results = await lookup(hostName, { all: true, verbatim: true });
  return results.map((result) => result.address);
};

/** Parses a URL the way a browser does (WHATWG) and accepts only plain http(s) URLs without credentials. */
export function parseOutboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new OutboundError("INVALID_URL", "The URL is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError("INVALID_URL", `Only http and https URLs are allowed, not ${url.protocol}`, {
      url: url.href,
    });
  }
  if (url.username !== "" || url.password !== "") {
    throw new OutboundError(
      "INVALID_URL",
      "URLs with credentials (user@host) are not allowed; send a header",
      {
        url: url.href,
      },
    );
  }
  if (url.hostname === "") throw new OutboundError("INVALID_URL", "The URL has no host", { url: url.href });
  url.hash = "";
  return url;
}

/**
 * Decides whether a request may go to `url` and to which address: IP literals are checked as they are, names
 * are resolved and refused when ANY of their addresses is not reachable. The returned address is the one the
 * connection must be pinned to, so a second DNS answer cannot change the destination.
 */
export async function resolveOutboundTarget(
  url: URL,
  options: { allowList: AllowList; resolveHost: ResolveHost; signal: AbortSignal },
): Promise<OutboundTarget> {
  const hostName = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = classifyAddress(hostName);
  if (literal) {
    assertAddressReachable(url, literal, false, options.allowList);
    return { url, hostName, address: literal.address, family: literal.ip.kind() === "ipv4" ? 4 : 6 };
  }
  const bareName = hostName.replace(/\.$/, "");
  const isNameAllowed = isHostNameAllowed(options.allowList, bareName);
  if (!isNameAllowed && (reservedHostNames.has(bareName) || bareName.endsWith(".localhost"))) {
    throw new OutboundError("BLOCKED_ADDRESS", `Requests to ${bareName} are not allowed`, { url: url.href });
  }
  const addresses = await resolveWithin(hostName, url, options);
  const classified = addresses.map((address) => {
    const result = classifyAddress(address);
    if (!result) throw new OutboundError("NETWORK_ERROR", `DNS answered a non-address for ${hostName}`);
    return result;
  });
  for (const address of classified) assertAddressReachable(url, address, isNameAllowed, options.allowList);
  const pinned = classified[0]!;
  return { url, hostName, address: pinned.address, family: pinned.ip.kind() === "ipv4" ? 4 : 6 };
}

function assertAddressReachable(
  url: URL,
  address: ClassifiedAddress,
  isNameAllowed: boolean,
  list: AllowList,
) {
  if (address.category === "public") return;
  const isAllowed =
    !neverAllowed.has(address.category) &&
    (address.category === "metadata"
      ? isAddressNamed(list, address)
      : isNameAllowed || isAddressAllowed(list, address));
  if (isAllowed) return;
  throw new OutboundError(
    "BLOCKED_ADDRESS",
    `Requests to ${url.hostname} are not allowed: ${address.address} is a ${address.range} address`,
    { url: url.href },
  );
}

async function resolveWithin(
  hostName: string,
  url: URL,
  options: { resolveHost: ResolveHost; signal: AbortSignal },
): Promise<string[]> {
  // A system lookup cannot be cancelled; the deadline only stops waiting for it.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new OutboundError("TIMEOUT", "The request timed out", { url: url.href }));
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
  });
  let addresses: string[];
  try {
    addresses = await Promise.race([options.resolveHost(hostName), aborted]);
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError("NETWORK_ERROR", `Could not resolve ${hostName}`, {
      url: url.href,
      cause: error,
    });
  } finally {
    options.signal.removeEventListener("abort", onAbort);
  }
  if (addresses.length === 0) {
    throw new OutboundError("NETWORK_ERROR", `${hostName} has no address`, { url: url.href });
  }
  return addresses;
}
