import type { BotChange } from "@parley/schemas";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** How a block or group is marked on the canvas. */
export type CanvasMark = "added" | "changed" | "passed";

/** Marks over the canvas: a version diff's changes, or the blocks a preview turn passed through. */
export interface CanvasMarks {
  source: "changes" | "turn";
  /** By block or group id. */
  byId: ReadonlyMap<string, CanvasMark>;
  /** Changes that cannot be shown on a block or group (removed ones, connections, variables, settings, theme). */
  elsewhere: number;
}

/**
 * The groups and blocks of the draft that a diff (to the draft) added or changed. A block moved to another
 * group counts as changed; what the canvas cannot show (removed blocks, connections, variables, settings,
 * theme, events) is counted instead.
 */
export function marksFromChanges(changes: readonly BotChange[]): CanvasMarks {
  const byId = new Map<string, CanvasMark>();
  let elsewhere = 0;
  for (const change of changes) {
    const isOnCanvas = (change.kind === "group" || change.kind === "block") && change.change !== "removed";
    if (isOnCanvas && change.id) byId.set(change.id, change.change === "added" ? "added" : "changed");
    else elsewhere += 1;
  }
  return { source: "changes", byId, elsewhere };
}

/** The blocks a preview turn passed through, in the order it passed them. */
export const marksFromBlocks = (blockIds: readonly string[]): CanvasMarks => ({
  source: "turn",
  byId: new Map(blockIds.map((id) => [id, "passed"])),
  elsewhere: 0,
});

export const getCanvasMarkLabels = (t: InterfaceTranslator<"Canvas">): Record<CanvasMark, string> => ({
  added: t("added"),
  changed: t("changed"),
  passed: t("passed"),
});
