import { mergeAllowLists, parseAllowList } from "@parley/config/network/allowList";
import { errorMessageOf } from "../caughtError";
import { integrationsEnv } from "../env";
import { OutboundError } from "./OutboundError";
import { type ResolveHost, resolveOutboundTarget, resolveWithSystemDns } from "./resolveOutboundTarget";

export interface SafeHost {
  /** The name as given (TLS server name), without brackets. */
  hostName: string;
  /** The checked address the connection must be made to. */
  address: string;
  family: 4 | 6;
}

/**
 * The same rules as `safeFetch` for a protocol that is not HTTP (SMTP): the host is resolved, every
 * address checked against the outbound rules and OUTBOUND_ALLOWED_HOSTS, and one checked address is
 * returned for the caller to connect to, so DNS cannot change the destination afterwards.
 */
export async function resolveSafeHost(
  host: string,
  options: { allowList?: readonly string[]; resolveHost?: ResolveHost; timeoutMs?: number } = {},
): Promise<SafeHost> {
  const bare = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (bare === "" || /[\s/?#@]/.test(bare))
    throw new OutboundError("INVALID_URL", "The host name is not valid");
  let url: URL;
  try {
    url = new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`);
  } catch {
    throw new OutboundError("INVALID_URL", "The host name is not valid");
  }
  let callAllowList: ReturnType<typeof parseAllowList>;
  try {
    callAllowList = parseAllowList(options.allowList ?? []);
  } catch (error) {
    throw new OutboundError("INVALID_REQUEST", errorMessageOf(error));
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  try {
    const target = await resolveOutboundTarget(url, {
      allowList: mergeAllowLists(integrationsEnv.OUTBOUND_ALLOWED_HOSTS, callAllowList),
      resolveHost: options.resolveHost ?? resolveWithSystemDns,
      signal: controller.signal,
    });
    return { hostName: target.hostName, address: target.address, family: target.family };
  } finally {
    clearTimeout(timer);
  }
}
