/**
 * The emoji picker's data (the `emojibase-data` package's English files), served by the builder itself so that
 * the inbox's picker asks no third-party host; the picker keeps it in the browser's storage after the first load.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const data =
    file === "data.json"
      ? (await import("emojibase-data/en/data.json")).default
      : file === "messages.json"
        ? (await import("emojibase-data/en/messages.json")).default
        : null;
  if (!data) return new Response("Not found", { status: 404 });
  return Response.json(data, { headers: { "cache-control": "public, max-age=86400" } });
}
