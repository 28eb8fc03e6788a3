import type { FlowDocument } from "../document/types";

export interface EditorItem {
  id: string;
  outgoingEdgeId?: string;
  paths?: { id: string; outgoingEdgeId?: string; [field: string]: unknown }[];
  [field: string]: unknown;
}

/** A block as the editor stores it: the schema block, read loosely by generic code. */
export interface EditorBlock {
  id: string;
  type: string;
  outgoingEdgeId?: string;
  label?: string;
  items?: EditorItem[];
  options?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/** What the editor edits and saves: the flow, plus the theme and settings it carries along. */
export type EditorDocument = FlowDocument<EditorBlock> & { theme: unknown; settings: unknown };

/** The top-level fields of the document, in the order they are saved. */
export const documentKeys = ["groups", "edges", "events", "variables", "theme", "settings"] as const;
export type DocumentKey = (typeof documentKeys)[number];
