import type { Block } from "@parley/schemas";
import type { NextStep } from "./NextStep";

/** A block's default exit: its own edge, else the next block. */
export const getDefaultStep = (block: Block): NextStep =>
  block.outgoingEdgeId ? { type: "edge", edgeId: block.outgoingEdgeId } : { type: "next" };
