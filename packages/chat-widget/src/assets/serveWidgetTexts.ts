import { widgetTextCatalogues } from "../widget-texts/widgetTextCatalogues";

/**
 * GET `/embed-texts/<language>.json`: the widget's own words (field errors, notices, default labels, accessible
 * names) in one of its languages, which the embed loads when a conversation speaks it (widgetTexts.ts). Any site may
 * load it, cached for a day; an unknown language answers 404.
 */
export async function handleWidgetTextsRequest(
  _request: Request,
  { params }: { params: Promise<{ file: string }> },
): Promise<Response> {
  const match = /^([A-Za-z-]+)\.json$/.exec((await params).file);
  const language = match?.[1] as keyof typeof widgetTextCatalogues | undefined;
  const texts =
    language && Object.hasOwn(widgetTextCatalogues, language) ? widgetTextCatalogues[language] : null;
  if (!texts) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return Response.json(texts, {
    headers: {
      "Cache-Control": "public, max-age=86400",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
