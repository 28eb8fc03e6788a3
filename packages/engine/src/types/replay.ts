/** What `replayTranscript` runs on and returns: a stored result walked again over its flow. */
import type { AiAgentBlock, BubbleBlock, InputBlock, VariableValue } from "@parley/schemas";
import type { FlowSnapshot } from "./flow";

export interface ReplayRequest {
  /** The snapshot the result ran on. */
  flow: FlowSnapshot;
  /** The stored answers, in order. */
  answers: { blockId: string; content: string }[];
  /** The result's visited edges (the off-default-path edges the engine took), in order. */
  visitedEdgeIds: string[];
  /** The result's stored values by variable name (jump and link targets, loop lists read them). */
  variables: { name: string; value: VariableValue }[];
  /**
   * The chat waits in the inbox now (its conversation is not closed): the replay stops at the Human handoff block
   * it reaches after the last stored answer, where the chat waits, instead of listing what follows it.
   */
  isInHandoff?: boolean;
}

/** A bubble the replay passed, or an input (or an AI agent) with a stored answer it took. */
export type ReplayEntry =
  | { role: "bot"; block: BubbleBlock }
  | { role: "user"; block: InputBlock | AiAgentBlock; content: string };

export interface ReplayedTranscript {
  entries: ReplayEntry[];
  /** How many stored answers the walk placed (the rest no longer fits the flow, or it looped). */
  answeredCount: number;
}

/** A replay in progress, carried by the turn context (null in a chat turn). */
export interface ReplayProgress {
  answers: ReplayRequest["answers"];
  visitedEdgeIds: string[];
  entries: ReplayEntry[];
  answeredCount: number;
  /** Recorded edges followed so far. */
  visitedEdgeCount: number;
  isInHandoff: boolean;
}
