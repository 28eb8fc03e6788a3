import type { ChatBubble, ChatInput, ChatReply } from "../types/chat";
import type { FlowBlock, FlowGroup, VariableValue } from "../types/flow";
import type { NextStep } from "../walk/NextStep";
import type { TurnContext } from "../walk/TurnContext";

export interface BlockRun {
  block: FlowBlock;
  group: FlowGroup;
  ctx: TurnContext;
}

/** Bubbles produce a message (null: nothing to show) and may make the walk wait (embed events). */
export interface BubbleExecutor {
  kind: "bubble";
  createBubble(run: BlockRun): Promise<ChatBubble | null>;
  getWaitStep?(run: BlockRun): NextStep | undefined;
}

export type PreparedInput = { type: "input"; input: ChatInput } | { type: "skip"; step: NextStep };

export type ParsedReply =
  | {
      status: "success";
      /** The answer as stored (result and variable). */
      content: string;
      /** What `lastMessageNewFormat` reports when it differs from what the user sent. */
      formattedMessage?: string;
      /** Value written to the input's variable when it differs from `content` (e.g. a list). */
      variableValue?: VariableValue;
      itemId?: string;
      /** The chosen item's or path's edge. */
      outgoingEdgeId?: string;
      attachedFileUrls?: string[];
      /** Extra variables set by the reply (cards response mapping, audio clip, attachments). */
      variableUpdates?: { variableId: string; value: VariableValue }[];
    }
  | { status: "fail" }
  /** No reply where none is required (optional file input): leave along the default edge. */
  | { status: "skip" }
  /** No reply at all: show the input again, without a retry message. */
  | { status: "noReply" };

export interface InputExecutor {
  kind: "input";
  /** The input as the client receives it (options substituted, items filtered), or a skip. */
  prepareInput(run: BlockRun): Promise<PreparedInput>;
  parseReply(run: BlockRun, reply: ChatReply | null): Promise<ParsedReply>;
  /** Default retry message of this kind, used when the block has none. */
  defaultRetryMessage?: string;
}

/** Logic and integration blocks: side effects through ports, then where to go. */
export interface ActionExecutor {
  kind: "action";
  execute(run: BlockRun): Promise<NextStep>;
}

export type BlockExecutor = BubbleExecutor | InputExecutor | ActionExecutor;

/** Reads an option with a fallback; options are loosely typed JSON. */
export const getOption = <T>(block: FlowBlock, key: string, fallback: T): T => {
  const value = block.options?.[key];
  return value === undefined || value === null ? fallback : (value as T);
};
