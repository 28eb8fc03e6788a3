import { getPgPool, shippedMigrations } from "@parley/db";
import { pingDatabase } from "@parley/db/queries/pingDatabase";
import { readAppliedMigrations } from "@parley/db/queries/readAppliedMigrations";
import { errorMessages } from "@parley/schemas";
import { errorResponse, handleWebRequest, jsonResponse, type RequestScope } from "./http/handleWebRequest";
import { parleyVersion } from "./version";

const DATABASE_TIMEOUT_MS = 3_000;
const noStore = { "cache-control": "no-store" };
// Probes poll every few seconds: their access lines are logged at debug, not info.
const probeOptions = { accessLogLevel: "debug" } as const;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("database timeout")), DATABASE_TIMEOUT_MS).unref(),
    ),
  ]);
}

function unavailable(scope: RequestScope, error: unknown, check: string): Response {
  scope.logger.warn({ err: error, check }, "health check failed");
  return errorResponse({ code: "INTERNAL_SERVER_ERROR", issues: [] }, noStore);
}

/** GET /api/health: `{status: "ok", version}` when the database answers, else 500 (as `/api/health/ready` without the migrations). */
export function handleHealthRequest(request: Request): Promise<Response> {
  return handleWebRequest(
    request,
    async (scope) => {
      try {
        await withTimeout(pingDatabase(getPgPool()));
        return jsonResponse({ status: "ok", version: parleyVersion }, 200, noStore);
      } catch (error) {
        return unavailable(scope, error, "database");
      }
    },
    probeOptions,
  );
}

/** GET /api/health/live: the process answers; nothing else is asked (a liveness probe restarts on failure only). */
export function handleLivenessRequest(request: Request): Promise<Response> {
  return handleWebRequest(
    request,
    async () => jsonResponse({ status: "ok", version: parleyVersion }, 200, noStore),
    probeOptions,
  );
}

/**
 * GET /api/health/ready: the database answers and every migration this release ships is applied (a newer
 * release's extra migrations are fine: it is how a rolling upgrade runs). Else INTERNAL_SERVER_ERROR (500)
 * with an issue naming what is missing, so a load balancer sends no traffic here until `npm run migrate` ran.
 */
export function handleReadinessRequest(request: Request): Promise<Response> {
  return handleWebRequest(
    request,
    async (scope) => {
      let applied: Set<string>;
      try {
        applied = await withTimeout(readAppliedMigrations(getPgPool()));
      } catch (error) {
        return unavailable(scope, error, "database");
      }
      const pending = shippedMigrations.filter((name) => !applied.has(name));
      if (pending.length > 0) {
        scope.logger.warn({ pending }, "not ready: migrations not applied (run npm run migrate)");
        return errorResponse(
          {
            code: "INTERNAL_SERVER_ERROR",
            message: errorMessages.INTERNAL_SERVER_ERROR,
            issues: [
              {
                message: `${pending.length} migration(s) of this release are not applied: run npm run migrate`,
                code: "MIGRATIONS_PENDING",
              },
            ],
          },
          noStore,
        );
      }
      return jsonResponse(
        { status: "ok", version: parleyVersion, migrations: shippedMigrations.length },
        200,
        noStore,
      );
    },
    probeOptions,
  );
}

/** The health routes every server answers, by path. */
export const healthRoutes = new Map<string, (request: Request) => Promise<Response>>([
  ["/api/health", handleHealthRequest],
  ["/api/health/live", handleLivenessRequest],
  ["/api/health/ready", handleReadinessRequest],
]);
