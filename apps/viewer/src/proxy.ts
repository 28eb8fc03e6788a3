import { findDomainRoute } from "@parley/chat/custom-domains/createDomainRoutes";
import { getDomainRoutes } from "@parley/chat/custom-domains/getDomainRoutes";
import { getPrisma } from "@parley/db";
import { getSharePageBot } from "@parley/db/queries/getSharePageBot";
import { type NextRequest, NextResponse } from "next/server";
import { getFrameAncestors } from "./lib/loadSharePage";

/** A path no page has: what a custom domain answers outside its bots' paths (the viewer's 404 page). */
const notFoundPath = "/_custom-domain/not-found";

/**
 * Routes by host, then frames share pages. On a verified custom domain (the request's Host), the
 * domain's path (its root, or `/support`) shows its bot's share page and every other page path is
 * 404, so the domain shows no other bot; `/api/v1`, `/_next`, `/embed.js`, `/embed-texts` and `/fonts` are left to their
 * routes (the chat endpoints check the host themselves). Any other host gets the normal routes.
 * Share pages honour `settings.security.allowedOrigins` for framing: with a list, only those
 * origins (and the page's own) may put the page in an iframe; without one, any may.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  let routes: Awaited<ReturnType<ReturnType<typeof getDomainRoutes>["lookup"]>>;
  try {
    routes = await getDomainRoutes().lookup(request.headers.get("host"));
  } catch {
    return new NextResponse("Service unavailable", { status: 503, headers: { "retry-after": "5" } });
  }
  if (routes) {
    const route = findDomainRoute(routes, pathname);
    const target = request.nextUrl.clone();
    target.pathname = route ? `/${route.publicId}` : notFoundPath;
    const response = NextResponse.rewrite(target);
    if (route) await setFramePolicy(response, route.publicId);
    return response;
  }
  const response = NextResponse.next();
  if (/^\/[^/]+$/.test(pathname)) await setFramePolicy(response, pathname.slice(1));
  return response;
}

async function setFramePolicy(response: NextResponse, publicId: string) {
  // getSharePageBot answers null without a query for anything that is not a public id.
  const bot = await getSharePageBot(getPrisma(), publicId).catch(() => null);
  if (!bot) return;
  const policy = getFrameAncestors(bot.settings.security?.allowedOrigins ?? []);
  if (policy) response.headers.set("Content-Security-Policy", policy);
}

// Page paths only: the API, Next's assets, the embed script, its texts and the theme fonts never depend on the host
// here.
export const config = { matcher: ["/((?!api/|_next/|embed\\.js$|embed-texts/|fonts/|favicon\\.ico$).*)"] };
