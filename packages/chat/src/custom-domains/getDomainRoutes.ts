import { getPgPool } from "@parley/db";
import { chatEnv } from "../core/env";
import { createDomainRoutes, type DomainRoutes } from "./createDomainRoutes";

// One per process, whichever bundle asks (Next compiles its proxy and its routes separately).
const globalForRoutes = globalThis as unknown as { parleyDomainRoutes?: DomainRoutes };

/** The process's custom domain routes (viewer and chat server): VIEWER_URL's host is the app's own. */
export function getDomainRoutes(): DomainRoutes {
  globalForRoutes.parleyDomainRoutes ??= createDomainRoutes({
    getPool: getPgPool,
    appHosts: [new URL(chatEnv.VIEWER_URL).hostname],
    listen: true,
  });
  return globalForRoutes.parleyDomainRoutes;
}
