"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

/**
 * The bots shared with the signed-in user one by one (not through a workspace): each opens its pages, which
 * show that bot alone. Nothing when there are none.
 */
export function SharedBots() {
  const t = useTranslations("Dashboard");
  const dates = useDateFormat();
  const roleNames = { VIEWER: t("roleViewer"), EDITOR: t("roleEditor") } as const;
  const trpc = useTRPC();
  const shared = useQuery(trpc.collaborators.listSharedBots.queryOptions({}));
  const bots = shared.data?.bots ?? [];
  if (bots.length === 0) return null;
  return (
    <section aria-labelledby="shared-bots-title" className="flex flex-col gap-3">
      <h2 id="shared-bots-title" className="text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t("sharedWithYou")}
      </h2>
      <ul
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t("botsSharedWithYou")}
      >
        {bots.map((bot) => (
          <li
            key={bot.id}
            data-testid="shared-bot-card"
            className="flex flex-col rounded-card border border-line bg-surface shadow-card transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-popover sm:h-44"
          >
            <Link
              href={`/bots/${bot.id}/edit`}
              className="grid flex-1 grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 rounded-card p-4 sm:flex sm:flex-col sm:items-start sm:gap-3"
            >
              <span
                aria-hidden
                className="row-span-2 grid h-11 w-11 place-items-center rounded-xl bg-subtle text-2xl leading-none"
              >
                {bot.icon || "🤖"}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="line-clamp-2 font-semibold break-words">{bot.name}</span>
                <span className="truncate text-[12px] text-muted">{bot.workspaceName}</span>
              </span>
              <span className="flex w-full items-center justify-between gap-2 text-[12px] text-muted sm:mt-auto">
                <time
                  dateTime={bot.updatedAt}
                  title={dates.dateTime(bot.updatedAt)}
                  className="min-w-0 truncate"
                >
                  {t("edited", { time: dates.relative(bot.updatedAt) })}
                </time>
                <Badge>{roleNames[bot.role]}</Badge>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
