import { forbidden } from "../errors";
import { builderOrigin } from "../http/builderOrigin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const crossSiteRequestError = () =>
  forbidden("Cross-site request refused: send it from the builder's own pages", "CROSS_SITE_REQUEST");

/**
 * The one check against cross-site request forgery, in front of everything the builder's sign-in cookie
 * authenticates (the chat endpoints' cookie path in readChatCredential.ts, the /api/trpc mount). A
 * browser attaches the cookie to requests another site's page makes (the viewer shares the builder's site
 * in the documented deployment and runs authors' head code), so a state-changing request (any method but
 * GET, HEAD, OPTIONS) is refused with FORBIDDEN `CROSS_SITE_REQUEST` when
 * - `Sec-Fetch-Site` is present and is not `same-origin` (`same-site`, `cross-site`, and `none`, which a
 *   browser sends for what the user typed or bookmarked: never a write of the builder's pages), or
 * - `Origin` is present and is not the builder's public origin (`BUILDER_URL`; `null` included).
 * A request with neither header is not a browser's (every browser sends `Origin` with a cross-origin
 * write): CLI scripts and test clients, which no other site can drive, keep working.
 */
export function assertSameOriginRequest(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin") throw crossSiteRequestError();
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== builderOrigin) throw crossSiteRequestError();
}
