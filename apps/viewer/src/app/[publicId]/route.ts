import { loadSharePage } from "@/lib/loadSharePage";
import { chooseSharePageLanguage, renderBotNotFound, renderSharePage } from "@/lib/renderSharePage";

export const dynamic = "force-dynamic";

const headers = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate",
};

/** GET /{publicId}: the share page (the published bot, full page), or the 404 of an unknown bot. */
export async function GET(request: Request, { params }: { params: Promise<{ publicId: string }> }) {
  const page = await loadSharePage((await params).publicId);
  if (!page) return new Response(renderBotNotFound(), { status: 404, headers });
  const language = chooseSharePageLanguage(page, {
    url: request.url,
    acceptLanguage: request.headers.get("accept-language"),
  });
  return new Response(renderSharePage(page, language), {
    headers: { ...headers, ...(page.settings.languages ? { Vary: "Accept-Language" } : {}) },
  });
}
