"use client";

import { ArrowDown, ArrowUp, Columns3 } from "lucide-react";
import { Popover } from "radix-ui";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import type { ColumnPreferences } from "./useColumnPreferences";

/**
 * Which columns the table (and the CSV export) shows, and in which order: a checkbox per
 * column and buttons to move it, the keyboard way to do what dragging a header does.
 */
export function ColumnsMenu({ layout }: { layout: ColumnPreferences }) {
  const t = useTranslations("ColumnsMenu");
  const columns = layout.ordered;
  const hiddenCount = columns.filter((column) => !layout.isVisible(column.id)).length;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button disabled={columns.length === 0}>
          <Columns3 size={14} aria-hidden />
          {hiddenCount > 0 ? t("titleHidden", { count: hiddenCount }) : t("title")}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t("title")}
          className="z-50 max-h-96 w-72 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-popover"
        >
          <p className="px-1 pb-2 text-[12px] text-muted">{t("note")}</p>
          <ul className="flex flex-col gap-0.5">
            {columns.map((column, index) => (
              <li key={column.id} className="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-subtle">
                <label className="flex min-w-0 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="accent-brand-600"
                    checked={layout.isVisible(column.id)}
                    onChange={(event) => layout.setVisible(column.id, event.target.checked)}
                  />
                  <span className="truncate">{column.header}</span>
                </label>
                <button
                  type="button"
                  aria-label={t("moveLeft", { column: column.header })}
                  disabled={index === 0}
                  onClick={() => layout.move(column.id, index - 1)}
                  className="rounded p-1 text-muted hover:bg-surface hover:text-ink disabled:opacity-30"
                >
                  <ArrowUp size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={t("moveRight", { column: column.header })}
                  disabled={index === columns.length - 1}
                  onClick={() => layout.move(column.id, index + 1)}
                  className="rounded p-1 text-muted hover:bg-surface hover:text-ink disabled:opacity-30"
                >
                  <ArrowDown size={14} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
