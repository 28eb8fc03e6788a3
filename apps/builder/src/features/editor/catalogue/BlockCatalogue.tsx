"use client";

import { blockCategories } from "@parley/schemas";
import { Search } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslations } from "use-intl";
import { getEventLabels } from "../canvas/EventNode";
import { useDropBlock } from "../canvas/useDropBlock";
import { createId } from "../createId";
import type { DraggedBlock } from "../dnd/blockDragStore";
import { useBlockDragSource } from "../dnd/useBlockDragSource";
import { type AddableEventType, addableEventTypes, addEvent, canAddEvent } from "../document/events";
import { useDocument, useEditorStore } from "../store/EditorStoreContext";
import { BlockIcon } from "./BlockIcon";
import { blockCatalogue, getFamilyLabels } from "./blockCatalogue";
import { useBlockLabel } from "./useBlockLabel";

/** The sidebar of every block kind, grouped by family; drag one onto the canvas or into a group. */
export function BlockCatalogue() {
  const t = useTranslations("BlockCatalogue");
  const familyLabels = getFamilyLabels(t);
  const blockLabel = useBlockLabel();
  const [query, setQuery] = useState("");
  // The interface language's names first; the English ones, wire types and keywords find blocks too.
  const searchText = (entry: (typeof blockCatalogue)[number]) =>
    `${blockLabel(entry.type)} ${familyLabels[entry.family]} ${entry.label} ${entry.type} ${entry.keywords ?? ""}`;
  const words = query.trim().toLowerCase();
  const entries = words
    ? blockCatalogue.filter((entry) => searchText(entry).toLowerCase().includes(words))
    : blockCatalogue;
  return (
    <aside
      aria-label={t("blocks")}
      className="flex h-full w-[280px] shrink-0 flex-col border-r border-line bg-surface"
      data-testid="block-catalogue"
    >
      <div className="border-b border-line p-3">
        <label className="relative block">
          <span className="sr-only">{t("search")}</span>
          <Search
            size={15}
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-faint"
          />
          <input
            type="search"
            placeholder={t("search")}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-8 w-full rounded-lg border border-line bg-subtle pr-2 pl-8 text-[13px] placeholder:text-faint focus:border-brand-500 focus:bg-surface focus:outline-none"
          />
        </label>
      </div>
      {/* Focusable so the keyboard can scroll the list (its cards are dragged with the pointer). */}
      <section
        className="flex-1 overflow-y-auto px-3 pb-4"
        aria-label={t("list")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {blockCategories.map((family) => {
          const items = entries.filter((entry) => entry.family === family);
          if (items.length === 0) return null;
          return (
            <section key={family} aria-label={familyLabels[family]} className="pt-3">
              <h2 className="pb-2 text-[11px] font-semibold tracking-wider text-faint uppercase">
                {familyLabels[family]}
              </h2>
              <div className="grid grid-cols-2 gap-1.5">
                {items.map((entry) => (
                  <CatalogueCard key={entry.type} entry={entry} />
                ))}
              </div>
            </section>
          );
        })}
        {entries.length === 0 ? (
          <p className="pt-6 text-center text-muted">{t("noMatch", { query })}</p>
        ) : null}
        {query.trim() === "" ? <EventButtons /> : null}
      </section>
    </aside>
  );
}

function CatalogueCard({ entry }: { entry: (typeof blockCatalogue)[number] }) {
  const dropBlock = useDropBlock();
  const getDragged = useCallback((): DraggedBlock => ({ kind: "new", blockType: entry.type }), [entry.type]);
  const onPointerDown = useBlockDragSource(getDragged, dropBlock);
  const t = useTranslations("BlockCatalogue");
  const label = useBlockLabel()(entry.type);
  return (
    <div
      onPointerDown={onPointerDown}
      data-block-type={entry.type}
      title={t("dragToAdd", { block: label })}
      className="flex h-10 cursor-grab touch-none items-center gap-2 rounded-lg border border-line bg-surface px-2 text-[13px] leading-tight font-medium select-none hover:border-line-strong hover:shadow-card active:cursor-grabbing"
    >
      <BlockIcon type={entry.type} size={14} className="h-6 w-6 shrink-0" />
      <span className="line-clamp-2 min-w-0 break-words">{label}</span>
    </div>
  );
}

/** Adds a command, reply or invalid reply event to the canvas (below the other events) and opens it. */
function EventButtons() {
  const t = useTranslations("BlockCatalogue");
  const eventLabels = getEventLabels(useTranslations("Events"));
  const store = useEditorStore();
  const available = useDocument((doc) =>
    addableEventTypes.filter((type) => canAddEvent(doc, type)).join(" "),
  ).split(" ");
  const add = (type: AddableEventType) => {
    let eventId: string | null = null;
    store.getState().apply((doc) => {
      const added = addEvent(doc, type, createId);
      eventId = added.eventId;
      return added.doc;
    });
    if (eventId) store.getState().openEvent(eventId);
  };
  return (
    <section aria-label={t("events")} className="pt-3">
      <h2 className="pb-2 text-[11px] font-semibold tracking-wider text-faint uppercase">{t("events")}</h2>
      <div className="grid grid-cols-2 gap-1.5">
        {addableEventTypes.map((type) => {
          const isAvailable = available.includes(type);
          return (
            <button
              key={type}
              type="button"
              disabled={!isAvailable}
              title={
                isAvailable
                  ? t("addEvent", { event: eventLabels[type] })
                  : t("hasEvent", { event: eventLabels[type] })
              }
              onClick={() => add(type)}
              className="flex h-10 items-center gap-2 rounded-lg border border-line bg-surface px-2 text-left text-[13px] leading-tight font-medium hover:border-line-strong hover:shadow-card disabled:cursor-not-allowed disabled:opacity-50"
            >
              {eventLabels[type]}
            </button>
          );
        })}
      </div>
    </section>
  );
}
