import { getPrisma } from "@parley/db";
import { errorResponse, handleWebRequest, jsonResponse } from "./http/handleWebRequest";

/** GET /api/health: `{status: "ok"}` when the database answers, else 500. */
export function handleHealthRequest(request: Request): Promise<Response> {
  return handleWebRequest(request, async ({ logger }) => {
    try {
      await Promise.race([
        getPrisma().$queryRaw`SELECT 1`,
        new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), 3_000).unref()),
      ]);
      return jsonResponse({ status: "ok" }, 200, { "cache-control": "no-store" });
    } catch (error) {
      logger.warn({ err: error }, "health check failed");
      return errorResponse({ code: "INTERNAL_SERVER_ERROR", issues: [] }, { "cache-control": "no-store" });
    }
  });
}
