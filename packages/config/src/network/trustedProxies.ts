import proxyAddr from "proxy-addr";

/** Whether the peer at `address` (the hop `index` from this process) may speak for the client. */
export type TrustedProxies = (address: string, index: number) => boolean;

/**
 * TRUSTED_PROXIES: comma-separated addresses, CIDR ranges and the names `loopback`, `linklocal` and
 * `uniquelocal`; empty: no peer is trusted. Throws, naming the entry, on anything else.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(`TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`);
  }
}
