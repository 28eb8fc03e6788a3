"use client";

import { type DragEvent, useState } from "react";
import { isBotDrag, readDraggedBotId } from "./dragAndDrop";

/** Makes an element accept a dragged bot card: highlight while over it, `onDropBot` on drop. */
export function useBotDropTarget(onDropBot: (botId: string) => void) {
  const [isOver, setIsOver] = useState(false);
  return {
    isOver,
    handlers: {
      onDragOver(event: DragEvent) {
        if (!isBotDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setIsOver(true);
      },
      onDragLeave() {
        setIsOver(false);
      },
      onDrop(event: DragEvent) {
        setIsOver(false);
        const botId = readDraggedBotId(event);
        if (!botId) return;
        event.preventDefault();
        onDropBot(botId);
      },
    },
  };
}
