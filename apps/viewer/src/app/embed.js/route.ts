import { serveWidgetAsset } from "@parley/chat-widget/server";

export const dynamic = "force-dynamic";

/** GET /embed.js: mounts Parley chat widgets on any site (see packages/chat-widget/README.md). */
export function GET(request: Request) {
  const response = serveWidgetAsset(request, "embed.js", 300);
  if (response.status === 404)
    throw new Error("packages/chat-widget/dist/embed.js is missing: run `npm run build`");
  return response;
}
