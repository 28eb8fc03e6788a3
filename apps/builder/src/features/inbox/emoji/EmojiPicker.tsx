"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type KeyboardEvent, memo, useId, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { layOutRows, moveInGrid } from "./emojiGridMoves";
import { type EmojiEntry, type EmojiGroup, type EmojiGroupKey, emojiDataPath } from "./emojiGroups";
import { searchEmoji, toSearchableGroups } from "./searchEmoji";

/** Emoji per row. */
const COLUMNS = 8;
/** The grids' columns, equal whatever a (searched) row holds. */
const columnWidths = Array.from({ length: COLUMNS }, (_, column) => column);

/** The emoji data in the interface language, from the builder (`GET /emoji/{language}`). */
async function fetchEmojiGroups(language: string): Promise<EmojiGroup[]> {
  const response = await fetch(emojiDataPath(language));
  if (!response.ok) throw new Error(`The emoji data answered ${response.status}`);
  return ((await response.json()) as { groups: EmojiGroup[] }).groups;
}

/**
 * The emoji picker's body: a search field, then one grid of emoji buttons per category under its heading, with
 * one tab stop (roving tabindex). In the search, ↓ goes to the emoji and Enter picks the first match; on the
 * emoji, the arrows, Page Up/Down and Home/End move, ↑ from the first row goes back to the search, Enter or Space
 * picks, and typing a letter goes back to the search. The data is fetched when the picker first opens, then kept.
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useTranslations("EmojiPicker");
  const locale = useLocale();
  const data = useQuery({
    queryKey: ["emoji", locale],
    queryFn: () => fetchEmojiGroups(locale),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const gridArea = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const searchable = useMemo(() => toSearchableGroups(data.data ?? [], locale), [data.data, locale]);
  const shown = useMemo(() => searchEmoji(searchable, query, locale), [searchable, query, locale]);
  const flat = useMemo(() => shown.flatMap((group) => group.emoji), [shown]);
  const rows = useMemo(
    () =>
      layOutRows(
        shown.map((group) => group.emoji.length),
        COLUMNS,
      ),
    [shown],
  );
  const active = Math.max(0, Math.min(activeIndex, flat.length - 1));
  const groupNames: Record<EmojiGroupKey, string> = {
    "smileys-emotion": t("smileysEmotion"),
    "people-body": t("peopleBody"),
    "animals-nature": t("animalsNature"),
    "food-drink": t("foodDrink"),
    "travel-places": t("travelPlaces"),
    activities: t("activities"),
    objects: t("objects"),
    symbols: t("symbols"),
    flags: t("flags"),
  };

  const focusEmoji = (index: number) => {
    setActiveIndex(index);
    gridArea.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`)?.focus();
  };
  const indexOf = (target: EventTarget) => {
    const index = Number((target as HTMLElement).closest<HTMLElement>("button[data-index]")?.dataset.index);
    return Number.isInteger(index) ? index : undefined;
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && flat.length > 0) {
      event.preventDefault();
      focusEmoji(active);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const first = flat[0];
      if (first) onPick(first.emoji);
    }
  };
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = indexOf(event.target);
    if (index === undefined) return;
    const target = moveInGrid(rows, index, { key: event.key, ctrlKey: event.ctrlKey || event.metaKey });
    if (target === null) {
      // A letter typed on the emoji goes on in the search (the key's character lands in the focused field).
      if (event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey)
        search.current?.focus();
      return;
    }
    event.preventDefault();
    if (target === "search") search.current?.focus();
    else focusEmoji(target);
  };

  const isSearching = query.trim() !== "";
  let first = 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative p-2">
        <Search
          size={14}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-faint"
        />
        <input
          ref={search}
          type="search"
          aria-label={t("search")}
          placeholder={t("search")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onSearchKeyDown}
          className="h-8 w-full rounded-md border border-line bg-surface pr-2 pl-7 text-[13px] focus:border-brand-500 focus:outline-none"
        />
      </div>
      {data.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-2 px-4 py-6 text-center text-[13px] text-muted"
        >
          {t("loadFailed")}
          <button
            type="button"
            onClick={() => void data.refetch()}
            className="rounded-md border border-line px-2 py-1 text-ink hover:bg-subtle"
          >
            {t("retry")}
          </button>
        </div>
      ) : data.isPending ? (
        <p role="status" className="px-4 py-6 text-center text-[13px] text-muted">
          {t("loading")}
        </p>
      ) : (
        <>
          <p
            role="status"
            className={flat.length === 0 ? "px-4 py-6 text-center text-[13px] text-muted" : "sr-only"}
          >
            {flat.length === 0 ? t("noResults") : isSearching ? t("found", { count: flat.length }) : ""}
          </p>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the grids' keys and clicks, handled once for all */}
          <div
            ref={gridArea}
            className="min-h-0 flex-1 scroll-pt-8 overflow-y-auto px-2 pb-2"
            onKeyDown={onGridKeyDown}
            onFocus={(event) => {
              const index = indexOf(event.target);
              if (index !== undefined) setActiveIndex(index);
            }}
            onClick={(event) => {
              const index = indexOf(event.target);
              const entry = index === undefined ? undefined : flat[index];
              if (entry) onPick(entry.emoji);
            }}
          >
            {shown.map((group) => {
              const start = first;
              first += group.emoji.length;
              const id = `${headingId}-${group.key}`;
              return (
                <div key={group.key}>
                  <h3
                    id={id}
                    className="sticky top-0 z-10 bg-surface px-1 pt-2 pb-1 font-medium text-[12px] text-muted"
                  >
                    {groupNames[group.key]}
                  </h3>
                  <EmojiGrid
                    labelledBy={id}
                    emoji={group.emoji}
                    start={start}
                    activeIndex={active >= start && active < first ? active : undefined}
                  />
                </div>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * One category's grid (a table: its rows and cells are the grid's): rows of {@link COLUMNS} buttons, each named by its emoji's name; only the active one is in
 * the tab order. Memoised: moving in one category redraws that category and the one left, not all of them.
 */
const EmojiGrid = memo(function EmojiGrid({
  labelledBy,
  emoji,
  start,
  activeIndex,
}: {
  labelledBy: string;
  emoji: EmojiEntry[];
  start: number;
  activeIndex: number | undefined;
}) {
  const rows: EmojiEntry[][] = [];
  for (let offset = 0; offset < emoji.length; offset += COLUMNS)
    rows.push(emoji.slice(offset, offset + COLUMNS));
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table drawn as a grid (the ARIA practices' grid examples are tables), for its rows and cells
    <table role="grid" aria-labelledby={labelledBy} className="w-full table-fixed border-collapse">
      <colgroup>
        {columnWidths.map((column) => (
          <col key={column} className="w-[12.5%]" />
        ))}
      </colgroup>
      <tbody>
        {rows.map((row, rowNumber) => (
          <tr key={row[0]?.emoji}>
            {row.map((entry, column) => {
              const index = start + rowNumber * COLUMNS + column;
              return (
                <td key={entry.emoji} className="p-0">
                  <button
                    type="button"
                    data-index={index}
                    tabIndex={index === activeIndex ? 0 : -1}
                    aria-label={entry.label}
                    title={entry.label}
                    className="flex aspect-square w-full scroll-mt-8 items-center justify-center rounded-md text-[22px] leading-none hover:bg-subtle focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {entry.emoji}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
});
