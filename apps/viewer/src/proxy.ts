import { getPrisma } from "@parley/db";
import { getSharePageBot } from "@parley/db/queries/getSharePageBot";
import { settingsSchema } from "@parley/schemas";
import { type NextRequest, NextResponse } from "next/server";
import { getFrameAncestors } from "./lib/loadSharePage";

/**
 * Share pages honour `settings.security.allowedOrigins` for framing: with a list, only
 * those origins (and the viewer itself) may put the page in an iframe; without one, any may.
 */
export async function proxy(request: NextRequest) {
  const publicId = request.nextUrl.pathname.slice(1);
  const response = NextResponse.next();
  const bot = await getSharePageBot(getPrisma(), publicId).catch(() => null);
  if (!bot) return response;
  const settings = settingsSchema.safeParse(bot.settings);
  const policy = getFrameAncestors(settings.success ? (settings.data.security?.allowedOrigins ?? []) : []);
  if (policy) response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Single-segment paths only; getSharePageBot answers null without a query for anything that is not a public id.
export const config = { matcher: ["/:publicId"] };
