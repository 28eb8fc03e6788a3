import {
  listenForNotifications,
  type NotificationListener,
  notificationChannels,
  type Pool,
} from "@parley/db";
import { type CustomDomainRoute, readCustomDomainRoutes } from "@parley/db/queries/readCustomDomainRoutes";
import { normalizeCustomDomain } from "@parley/schemas";
import { LRUCache } from "lru-cache";

export interface DomainRoutes {
  /**
   * The bots served on the host of a request (its `Host` header), or null when that host is not a
   * verified custom domain: the app's own host, an IP address, `localhost`, a malformed or unknown
   * name. Only a well-formed name that is not the app's is looked up, once per TTL (cached, unknown
   * hosts too), so the app's own traffic never waits on it.
   */
  lookup: (hostHeader: string | null) => Promise<CustomDomainRoute[] | null>;
  /** Forgets what is cached for `host` (a change of its routes); `undefined`: everything. */
  invalidate: (host?: string) => void;
  close: () => Promise<void>;
}

export interface DomainRoutesOptions {
  getPool: () => Pool;
  /** Hosts that are the app itself (the host of VIEWER_URL): never a custom domain. */
  appHosts: readonly string[];
  /** How long a host's routes are kept; changes made by other processes arrive sooner by NOTIFY. */
  ttlMs?: number;
  maxHosts?: number;
  /** LISTEN for changes made by other processes (the builder) on a connection of its own. */
  listen?: boolean;
}

/** The host of a `Host` header, normalized as custom domains are stored; null when it cannot be one. */
export function toRequestHost(hostHeader: string | null): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  // Same rule as a stored domain, without a path: IP literals, `localhost` and junk end here.
  return !host.includes("/") && normalizeCustomDomain(host) === host ? host : null;
}

/** The route of a request path on its custom domain: exact path, case-insensitive, trailing slash ignored. */
export function findDomainRoute(
  routes: readonly CustomDomainRoute[],
  pathname: string,
): CustomDomainRoute | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname).toLowerCase().replace(/\/+$/, "");
  } catch {
    return null;
  }
  return routes.find((route) => route.path === path) ?? null;
}

/**
 * Which bots each custom domain serves, read from the database by host and cached (lru-cache: at
 * most `maxHosts` hosts, `ttlMs` each). The process that changes a domain invalidates it at once;
 * others hear of it through PostgreSQL NOTIFY (channel `parley_custom_domains`, payload the host),
 * and drop everything when that connection is lost, so the TTL bounds staleness only where
 * LISTEN is unavailable (a transaction-mode pooler).
 */
export function createDomainRoutes(options: DomainRoutesOptions): DomainRoutes {
  const appHosts = new Set(options.appHosts.map((host) => host.toLowerCase()));
  const cache = new LRUCache<string, { routes: CustomDomainRoute[] }>({
    max: options.maxHosts ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
    fetchMethod: async (host) => ({ routes: await readCustomDomainRoutes(options.getPool(), host) }),
  });
  let listener: NotificationListener | null = null;
  const invalidate = (host?: string) => (host === undefined ? cache.clear() : cache.delete(host));

  async function readRoutes(host: string): Promise<CustomDomainRoute[]> {
    if (options.listen && !listener) {
      listener = listenForNotifications(notificationChannels.customDomains, {
        onNotification: (payload) => invalidate(payload),
        onReset: () => invalidate(),
      });
    }
    try {
      const entry = await cache.fetch(host);
      if (entry) return entry.routes;
    } catch {
      // Invalidated while it was being read: read again, uncached.
    }
    return readCustomDomainRoutes(options.getPool(), host);
  }

  return {
    lookup: async (hostHeader) => {
      const host = toRequestHost(hostHeader);
      if (!host || appHosts.has(host)) return null;
      const routes = await readRoutes(host);
      return routes.length > 0 ? routes : null;
    },
    invalidate,
    close: async () => {
      await listener?.stop();
      listener = null;
      cache.clear();
    },
  };
}
