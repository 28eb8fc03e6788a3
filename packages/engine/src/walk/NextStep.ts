import type { ChatMessage } from "@parley/schemas";
import type { FlowPosition, WaitPoint } from "../types/state";

/** What the walk does after a block. */
export type NextStep =
  /** The following block of the group (or, past the last one, the group's outgoing edge). */
  | { type: "next" }
  /** Follow an edge; `isOffDefaultPath` records it as visited (items, condition paths). */
  | { type: "edge"; edgeId: string; isOffDefaultPath?: boolean }
  /** The first block of a group of the current bot (start from a group, jump or link to a group). */
  | { type: "group"; groupId: string }
  /** Go to a block of the current bot (jump, return, resume). */
  | { type: "position"; position: FlowPosition }
  /** A `Return` to an input whose reply event diverted the flow: resubmit the stored reply. */
  | { type: "resubmitReply"; position: FlowPosition; reply: ChatMessage }
  /** The current path ends: queued resume points, then parent bots, go on; else the flow ends. */
  | { type: "endPath" }
  /** Stop the walk and wait (a client action that expects a dedicated reply, a waiting embed). */
  | { type: "wait"; waitFor: WaitPoint };
