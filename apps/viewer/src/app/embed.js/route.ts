import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const dynamic = "force-dynamic";

let bundle: { body: string; etag: string } | undefined;

/** The embed bundle built by @parley/chat-widget (`npm run build`, run by turbo before the viewer's). */
function readBundle() {
  if (bundle) return bundle;
  const candidates = [
    path.join(process.cwd(), "../../packages/chat-widget/dist/embed.js"),
    path.join(process.cwd(), "packages/chat-widget/dist/embed.js"),
  ];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error("packages/chat-widget/dist/embed.js is missing: run `npm run build`");
  const body = readFileSync(file, "utf8");
  bundle = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  return bundle;
}

/** GET /embed.js: mounts Parley chat widgets on any site (see packages/chat-widget/README.md). */
export function GET(request: Request) {
  const { body, etag } = readBundle();
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
