import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { BotPageShell } from "@/features/bot-layout/BotPageShell";
import { loadBotForUser } from "@/lib/loadBotForUser";
import { loadBotHeader } from "@/lib/loadBotHeader";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/** The frame of every page of one bot: header with the bot's tabs, then the page. */
export default async function BotLayout({
  params,
  children,
}: {
  params: Promise<{ botId: string }>;
  children: ReactNode;
}) {
  const { botId } = await params;
  const user = await requireSignedInUser();
  const bot = await loadBotHeader(user.id, botId);
  if (!bot) notFound();
  const found = await loadBotForUser(user.id, botId);
  if (found) redirectUnlessSignedInFor(user, found.access);
  return (
    <BotPageShell bot={bot} userEmail={user.email}>
      {children}
    </BotPageShell>
  );
}
