"use client";

import { type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";

export const botHeaderActionsId = "bot-header-actions";

/**
 * Puts a page's own actions (save state, Preview, Publish, …) at the right of the bot
 * header. Any page under /bots/[botId] may render it; several may, side by side.
 */
export function BotHeaderActions({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => setTarget(document.getElementById(botHeaderActionsId)), []);
  return target ? createPortal(children, target) : null;
}
