import { Bot, ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { UserMenu } from "@/components/UserMenu";
import { Badge } from "@/components/ui/Badge";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import type { BotHeader } from "@/lib/loadBotHeader";
import { ShareBotButton } from "../bot-sharing/ShareBotButton";
import { BotProvider } from "./BotContext";
import { botHeaderActionsId } from "./BotHeaderActions";
import { BotTabs } from "./BotTabs";

/**
 * The frame of a bot's pages: a header (back to the dashboard, the bot's name, the tabs
 * Flow / Theme / Settings / Share / Results, then the page's own actions) and the page,
 * which fills the rest of the window.
 */
export async function BotPageShell({
  bot,
  userEmail,
  children,
}: {
  bot: BotHeader;
  userEmail: string;
  children: ReactNode;
}) {
  const t = await getInterfaceTranslator("BotPage");
  return (
    <BotProvider bot={bot}>
      <div className="flex h-screen flex-col overflow-hidden">
        <header className="z-30 grid shrink-0 grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 border-b border-line bg-surface px-3 py-2 md:h-14 md:grid-cols-[1fr_auto_1fr] md:px-4 md:py-0">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              href="/dashboard"
              aria-label={t("backToDashboard")}
              className="flex h-8 w-8 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-ink"
            >
              <ChevronLeft size={18} />
            </Link>
            {bot.icon ? (
              <span className="text-lg" aria-hidden>
                {bot.icon}
              </span>
            ) : (
              <span
                className="flex h-7 w-7 items-center justify-center rounded-lg bg-brand-50 text-brand-600"
                aria-hidden
              >
                <Bot size={16} />
              </span>
            )}
            <h1 className="truncate font-semibold" data-testid="bot-name">
              {bot.name}
            </h1>
            {bot.isPublished ? <Badge tone="success">{t("published")}</Badge> : <Badge>{t("draft")}</Badge>}
          </div>
          <div className="col-span-2 row-start-2 overflow-x-auto md:col-span-1 md:row-start-auto">
            <BotTabs botId={bot.id} />
          </div>
          <div className="flex items-center justify-end gap-2">
            <div id={botHeaderActionsId} className="flex items-center gap-2" />
            <ShareBotButton />
            <UserMenu email={userEmail} name={null} />
          </div>
        </header>
        <div className="relative min-h-0 flex-1">{children}</div>
      </div>
    </BotProvider>
  );
}
