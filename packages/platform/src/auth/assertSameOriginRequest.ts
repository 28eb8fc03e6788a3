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
 * GET, HEAD, OPTIONS) from a browser must come from the builder's own pages:
 * - `Sec-Fetch-Site`, when present, must be `same-origin` (`same-site`, `cross-site` and `none`, what the
 *   user typed or bookmarked and never a write of the builder's pages, are refused);
 * - `Origin`, when present, must be the builder's public origin (`BUILDER_URL`) or the origin of the
 *   request's own `Host` (a browser sets both, another site's page can choose neither), so the builder
 *   opened by another of its names (`127.0.0.1` for `localhost`) still works; `null` is refused.
 * A request with neither header is not a browser's (every browser sends `Origin` with a cross-origin
 * write): CLI scripts and test clients, which no other site can drive, keep working.
 */
export function assertSameOriginRequest(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin") throw crossSiteRequestError();
  const origin = request.headers.get("origin");
  if (origin === null || origin === builderOrigin) return;
  if (!isRequestHostOrigin(origin, request.headers.get("host"))) throw crossSiteRequestError();
}

function isRequestHostOrigin(origin: string, host: string | null): boolean {
  if (!host || !URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") && url.host === host.toLowerCase();
}
