"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";

/** The bot's pages; the one showing is marked (`aria-current`). */
export function BotTabs({ botId }: { botId: string }) {
  const t = useTranslations("BotPage");
  const pathname = usePathname();
  const tabs = [
    { segment: "edit", label: t("flow") },
    { segment: "theme", label: t("theme") },
    { segment: "settings", label: t("settings") },
    { segment: "translations", label: t("translations") },
    { segment: "share", label: t("share") },
    { segment: "results", label: t("results") },
  ];
  return (
    <nav aria-label={t("tabs")} className="flex items-center gap-1 rounded-lg bg-subtle p-1">
      {tabs.map((tab) => {
        const href = `/bots/${botId}/${tab.segment}`;
        const isActive = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={tab.segment}
            href={href}
            aria-current={isActive ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1 font-medium transition-colors",
              isActive ? "bg-surface text-ink shadow-card" : "text-muted hover:text-ink",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
