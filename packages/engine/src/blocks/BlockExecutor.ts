import type {
  Block,
  BlockType,
  ChatBubble,
  ChatInput,
  ChatMessage,
  Group,
  InputBlockType,
  RuntimeRetryMessage,
  VariableValue,
} from "@parley/schemas";
import type { NextStep } from "../walk/NextStep";
import type { TurnContext } from "../walk/TurnContext";

/** A block of one kind, by its wire type. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** One block being run; `block` is typed by its kind, so its options need no narrowing. */
export interface BlockRun<B extends Block = Block> {
  block: B;
  group: Group;
  ctx: TurnContext;
}

/** Bubbles produce a message (null: nothing to show) and may make the walk wait (embed events). */
export interface BubbleExecutor<B extends Block = Block> {
  kind: "bubble";
  createBubble(run: BlockRun<B>): Promise<ChatBubble | null>;
  getWaitStep?(run: BlockRun<B>): NextStep | undefined;
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

export interface InputExecutor<B extends Block = Block> {
  kind: "input";
  /** The input as the client receives it (options substituted, items filtered), or a skip. */
  prepareInput(run: BlockRun<B>): Promise<PreparedInput>;
  parseReply(run: BlockRun<B>, reply: ChatMessage | null): Promise<ParsedReply>;
  /** Default retry message of this kind, used when the block has none: a built-in text, in the visitor's language. */
  defaultRetryMessage?: RuntimeRetryMessage;
  /** The input type name handed to reply events (`inputTypeVariableId`), as chat platforms know it. */
  replyEventInputType: string;
  /** A start message never answers it: the user has to see its options first. */
  needsALookBeforeReply?: true;
}

/** Logic and integration blocks: side effects through ports, then where to go. */
export interface ActionExecutor<B extends Block = Block> {
  kind: "action";
  /**
   * A result's replay (`replayTranscript`) does not run it: it acts outside the walk (requests, code,
   * e-mail, AI, client actions, variable writes) or decides on values the stored result does not keep
   * (condition, A/B test). There the recorded visited edges, else the default path, decide.
   */
  isSkippedInReplay?: true;
  execute(run: BlockRun<B>): Promise<NextStep>;
  /** The client's reply to the action this block asked for (`expectsDedicatedReply`), stored where the block says. */
  applyDedicatedReply?(run: BlockRun<B>, text: string): Promise<void>;
}

/** How one kind runs: bubbles show, inputs wait for a reply, logic and integrations act. */
export type BlockExecutor<B extends Block = Block> = BubbleExecutor<B> | InputExecutor<B> | ActionExecutor<B>;

/** The executor a kind must have: an input executor exactly for the input kinds. */
export type ExecutorOf<T extends BlockType> = T extends InputBlockType
  ? InputExecutor<BlockOf<T>>
  : BubbleExecutor<BlockOf<T>> | ActionExecutor<BlockOf<T>>;
