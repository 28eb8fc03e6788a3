import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/SignOutButton";
import { Badge } from "@/components/ui/Badge";
import type { BotHeader } from "@/lib/loadBotHeader";
import { BotProvider } from "./BotContext";
import { botHeaderActionsId } from "./BotHeaderActions";
import { BotTabs } from "./BotTabs";

/**
 * The frame of a bot's pages: a header (back to the dashboard, the bot's name, the tabs
 * Flow / Theme / Settings / Share / Results, then the page's own actions) and the page,
 * which fills the rest of the window.
 */
export function BotPageShell({
  bot,
  userEmail,
  children,
}: {
  bot: BotHeader;
  userEmail: string;
  children: ReactNode;
}) {
  return (
    <BotProvider bot={bot}>
      <div className="flex h-screen flex-col overflow-hidden">
        <header className="z-30 grid h-14 shrink-0 grid-cols-[1fr_auto_1fr] items-center gap-4 border-b border-line bg-surface px-4">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              href="/dashboard"
              aria-label="Back to the dashboard"
              className="flex h-8 w-8 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-ink"
            >
              <ChevronLeft size={18} />
            </Link>
            <span className="text-lg" aria-hidden>
              {bot.icon ?? "🤖"}
            </span>
            <h1 className="truncate font-semibold" data-testid="bot-name">
              {bot.name}
            </h1>
            {bot.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
          </div>
          <BotTabs botId={bot.id} />
          <div className="flex items-center justify-end gap-2">
            <div id={botHeaderActionsId} className="flex items-center gap-2" />
            <details className="relative">
              <summary
                className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
                aria-label="Account"
                title={userEmail}
              >
                {userEmail.slice(0, 1).toUpperCase()}
              </summary>
              <div className="absolute right-0 mt-2 flex w-56 flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-popover">
                <Link
                  href="/account"
                  className="truncate text-muted hover:text-ink"
                  data-testid="signed-in-email"
                >
                  {userEmail}
                </Link>
                <SignOutButton />
              </div>
            </details>
          </div>
        </header>
        <div className="relative min-h-0 flex-1">{children}</div>
      </div>
    </BotProvider>
  );
}
