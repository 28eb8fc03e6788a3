import type { DragEvent } from "react";

/** The drag payload of a bot card, read by folder cards and breadcrumb items. */
export const botDragType = "application/x-parley-bot";

export function startBotDrag(event: DragEvent, botId: string) {
  event.dataTransfer.setData(botDragType, botId);
  event.dataTransfer.effectAllowed = "move";
}

export function isBotDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(botDragType);
}

export function readDraggedBotId(event: DragEvent): string | null {
  return event.dataTransfer.getData(botDragType) || null;
}
