import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** What `npm run build -w @parley/chat-widget` writes: the embed bundle and the included fonts. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
};

const cache = new Map<string, { body: Uint8Array<ArrayBuffer>; etag: string }>();

/** The package's dist folder, seen from an app's folder (next start, dev) or the repository's root. */
function findDist() {
  const candidates = [
    path.join(process.cwd(), "../../packages/chat-widget/dist"),
    path.join(process.cwd(), "packages/chat-widget/dist"),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("packages/chat-widget/dist is missing: run `npm run build`");
  return found;
}

function readAsset(file: string) {
  const cached = cache.get(file);
  if (cached) return cached;
  const full = path.join(findDist(), file);
  if (!existsSync(full)) return undefined;
  const body = new Uint8Array(readFileSync(full));
  const asset = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  cache.set(file, asset);
  return asset;
}

/**
 * GET of a built widget file (`embed.js`, `fonts/<name>.woff2|css`): any site may load it
 * (embeds, fonts across origins), revalidated by ETag. Unknown names answer 404.
 */
export function serveWidgetAsset(request: Request, file: string, maxAgeSeconds: number): Response {
  const extension = path.extname(file);
  const isKnownName = /^(fonts\/)?[a-z0-9-]+\.(js|css|woff2)$/.test(file);
  const asset = isKnownName && contentTypes[extension] ? readAsset(file) : undefined;
  if (!asset) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const headers = {
    "Content-Type": contentTypes[extension],
    "Cache-Control": `public, max-age=${maxAgeSeconds}, stale-while-revalidate=86400`,
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
    ETag: asset.etag,
  };
  if (request.headers.get("if-none-match") === asset.etag)
    return new Response(null, { status: 304, headers });
  return new Response(asset.body, { headers });
}

/** The route handler of GET /fonts/{file} (viewer and builder): the included theme fonts, a week's cache. */
export async function handleFontRequest(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return serveWidgetAsset(request, `fonts/${(await params).file}`, 7 * 24 * 3600);
}
