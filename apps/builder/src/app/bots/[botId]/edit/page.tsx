import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FlowEditor } from "@/features/editor/FlowEditor";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { loadBotForEditor } from "@/lib/loadBotForEditor";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("flow") };
}

export default async function EditBotPage({ params }: { params: Promise<{ botId: string }> }) {
  const { botId } = await params;
  const user = await requireSignedInUser();
  const bot = await loadBotForEditor(user.id, botId);
  if (!bot) notFound();
  return (
    <FlowEditor
      botId={bot.id}
      initialDocument={bot.document}
      hasTranslations={bot.hasTranslations}
      updatedAt={bot.updatedAt}
      // The preview chats with the builder's own mount of the chat endpoints, where the sign-in cookie
      // authenticates (the viewer accepts only tokens): same origin, relative URLs.
      viewerUrl=""
    />
  );
}
