"use client";

import type { ResultsTablePreferences } from "@parley/schemas";
import { applyColumnPreferences, type ResultColumn } from "@parley/schemas/management/getResultColumns";
import { useCallback, useMemo } from "react";
import { useAutosavedBotField } from "../autosave/useAutosavedBotField";

export const defaultColumnWidth = 200;
export const minColumnWidth = 80;
export const maxColumnWidth = 800;

const noPreferences: ResultsTablePreferences = { columnsOrder: [], columnsVisibility: {}, columnsWidth: {} };

/** A column is shown unless it was hidden. */
const isVisibleIn = (preferences: ResultsTablePreferences, columnId: string) =>
  preferences.columnsVisibility[columnId] !== false;

/**
 * The results table's layout, saved in the bot (`resultsTablePreferences`) by the builder's
 * autosave like any other edit: column order, hidden columns and widths. `ordered` is every
 * column in the saved order (the columns menu), `visible` those shown (the table and the CSV).
 */
export function useColumnPreferences(botId: string, columns: ResultColumn[]) {
  const field = useAutosavedBotField<ResultsTablePreferences>(botId, "resultsTablePreferences");
  const preferences = field.draft ?? noPreferences;
  const { update } = field;
  const ordered = useMemo(
    () => applyColumnPreferences(columns, { ...preferences, columnsVisibility: {} }),
    [columns, preferences],
  );
  const visible = useMemo(
    () => ordered.filter((column) => isVisibleIn(preferences, column.id)),
    [ordered, preferences],
  );
  const edit = useCallback(
    (change: (current: ResultsTablePreferences) => ResultsTablePreferences) =>
      update((current) => change(current ?? noPreferences)),
    [update],
  );

  return {
    isLoaded: field.save !== null,
    save: field.save,
    flush: field.flush,
    whenSaved: field.whenSaved,
    overwrite: field.overwrite,
    reload: field.reload,
    ordered,
    visible,
    widthOf: (columnId: string) => preferences.columnsWidth[columnId] ?? defaultColumnWidth,
    isVisible: (columnId: string) => isVisibleIn(preferences, columnId),
    setVisible: (columnId: string, isVisible: boolean) =>
      edit((current) => ({
        ...current,
        columnsVisibility: { ...current.columnsVisibility, [columnId]: isVisible },
      })),
    /** Puts a column at another place of the whole order (the order of every column is saved). */
    move: (columnId: string, toIndex: number) =>
      edit((current) => {
        const order = applyColumnPreferences(columns, { ...current, columnsVisibility: {} }).map(
          (column) => column.id,
        );
        const from = order.indexOf(columnId);
        if (from === -1 || toIndex < 0 || toIndex >= order.length || from === toIndex) return current;
        order.splice(from, 1);
        order.splice(toIndex, 0, columnId);
        return { ...current, columnsOrder: order };
      }),
    resize: (columnId: string, width: number) =>
      edit((current) => ({
        ...current,
        columnsWidth: {
          ...current.columnsWidth,
          [columnId]: Math.round(Math.min(maxColumnWidth, Math.max(minColumnWidth, width))),
        },
      })),
  };
}

export type ColumnPreferences = ReturnType<typeof useColumnPreferences>;
