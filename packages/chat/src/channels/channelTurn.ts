import type { TurnResponse } from "@parley/engine";
import type { ChatInput, Settings } from "@parley/schemas";

/** One turn of a channel's conversation, as its delivery and logs read it. */
export interface ChannelTurn {
  /** The turn's response as the chat endpoints answer it (`input` left out when there is none). */
  response: Pick<TurnResponse, "messages" | "clientSideActions" | "language"> & { input?: ChatInput };
  settings: Settings;
  botId: string;
  /** The conversation's result (null for a session only registering). */
  resultId: string | null;
  /** The first turn of a new conversation (typing emulation may skip its first message). */
  isFirstTurn: boolean;
}
