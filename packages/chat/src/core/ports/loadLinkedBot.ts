import { readBotDraft } from "@parley/db/queries/readBotDraft";
import { toDraftFlowSnapshot } from "@parley/db/storedFlow";
import type { FlowSnapshot, LoadBotRequest } from "@parley/engine";
import type { ChatRuntime } from "../chatRuntime";
import type { TurnScope } from "../turns/turnScope";

/**
 * Bot link: another bot of the session's workspace. Live sessions get its
 * current published version (or, resuming inside it, the exact version they
 * ran); preview sessions its draft, kept with the session so a resumed linked
 * bot is the draft it started on.
 */
export async function loadLinkedBot(
  runtime: ChatRuntime,
  scope: TurnScope,
  request: LoadBotRequest,
): Promise<FlowSnapshot | null> {
  if (request.workspaceId !== scope.workspaceId) return null;
  if (scope.isPreview) {
    if (request.flowId) return scope.previewSnapshots[request.flowId] ?? null;
    const draft = await readBotDraft(runtime.getPool(), request.botId, request.workspaceId);
    if (!draft) return null;
    const snapshot = toDraftFlowSnapshot(request.botId, request.workspaceId, draft);
    scope.previewSnapshots[snapshot.id] = snapshot;
    return snapshot;
  }
  if (!request.flowId) return runtime.flows.getCurrentPublishedFlow(request.botId, request.workspaceId);
  const flow = await runtime.flows.getPublishedFlow(request.flowId);
  return flow && flow.botId === request.botId && flow.workspaceId === request.workspaceId ? flow : null;
}
