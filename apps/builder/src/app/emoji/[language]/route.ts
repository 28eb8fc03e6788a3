import { interfaceLanguageSchema } from "@parley/schemas/management/interfaceLanguages";
import { listEmojiGroups } from "@/features/inbox/emoji/listEmojiGroups";

export const dynamic = "force-dynamic";

/**
 * GET /emoji/{language}: the inbox's emoji picker data in an interface language (`{groups}`, from emojibase-data),
 * served by the builder itself so that the picker asks no other host. Loaded when the picker first opens.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ language: string }> }) {
  const language = interfaceLanguageSchema.safeParse((await params).language);
  if (!language.success) return new Response("Not found", { status: 404 });
  return Response.json(
    { groups: await listEmojiGroups(language.data) },
    { headers: { "cache-control": "public, max-age=86400" } },
  );
}
