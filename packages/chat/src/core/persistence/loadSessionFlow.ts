import type { ChatSessionRow } from "@parley/db/queries/readChatSession";
import type { FlowSnapshot, SessionState } from "@parley/engine";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";

/** `previewFlow` of a preview session: the draft snapshots it runs on, by id. */
export interface PreviewFlows {
  snapshots: Record<string, FlowSnapshot>;
}

export function readPreviewSnapshots(previewFlow: unknown): Record<string, FlowSnapshot> {
  const snapshots = (previewFlow as PreviewFlows | null)?.snapshots;
  return snapshots && typeof snapshots === "object" ? { ...snapshots } : {};
}

/**
 * The snapshot a session runs on: its published version (from the in-memory
 * cache), or in preview the draft stored with the session.
 */
export async function loadSessionFlow(
  runtime: ChatRuntime,
  session: ChatSessionRow,
  state: SessionState,
): Promise<{ flow: FlowSnapshot; previewSnapshots: Record<string, FlowSnapshot> }> {
  if (session.isPreview) {
    const previewSnapshots = readPreviewSnapshots(session.previewFlow);
    const flow = previewSnapshots[state.flowId];
    if (!flow) throw chatErrors.sessionNotFound();
    return { flow, previewSnapshots };
  }
  const flow = session.publishedBotId ? await runtime.flows.getPublishedFlow(session.publishedBotId) : null;
  // The version is gone only with its bot (deleted): the session ended with it.
  if (!flow) throw chatErrors.sessionNotFound();
  return { flow, previewSnapshots: {} };
}
