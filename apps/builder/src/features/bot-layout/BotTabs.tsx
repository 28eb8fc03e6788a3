"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const tabs = [
  { segment: "edit", label: "Flow" },
  { segment: "theme", label: "Theme" },
  { segment: "settings", label: "Settings" },
  { segment: "translations", label: "Translations" },
  { segment: "share", label: "Share" },
  { segment: "results", label: "Results" },
] as const;

/** The bot's pages; the one showing is marked (`aria-current`). */
export function BotTabs({ botId }: { botId: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Bot pages" className="flex items-center gap-1 rounded-lg bg-subtle p-1">
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
