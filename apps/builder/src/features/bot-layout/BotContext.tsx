"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { BotHeader } from "@/lib/loadBotHeader";

const BotContext = createContext<BotHeader | null>(null);

export function BotProvider({ bot, children }: { bot: BotHeader; children: ReactNode }) {
  return <BotContext.Provider value={bot}>{children}</BotContext.Provider>;
}

/** The bot of the page (id, name, workspace, whether the user may edit), in client components. */
export function useBotHeader(): BotHeader {
  const bot = useContext(BotContext);
  if (!bot) throw new Error("useBotHeader is used outside a bot page");
  return bot;
}
