import type { PluginBlock } from "../../ports";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { setVariableValue } from "../../variables/VariableScope";
import { pushBubble } from "../../walk/pushBubble";
import { addClientSideAction, addLog, getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import { getStreamedVariableId } from "../ai/aiBlock";
import type { ActionExecutor } from "../BlockExecutor";
import { countHttpRequestVisit } from "../http-request/countHttpRequestVisit";

/**
 * The Typebot plug-in kinds that call their service from the server (PostHog, Segment, NocoDB, Dify, ChatNode,
 * ElevenLabs, Gmail, Cal.com's availability, Zendesk's tickets) or show its widget (Cal.com's booking embed,
 * Zendesk's messaging widget): the options with `{{variables}}` replaced go to the plug-in port, which reads the
 * block's credentials and makes the calls; what it answers (variables to set, logs, client-side actions, an embed
 * to show and wait for, or a stream the client fetches) is applied here. Without the port the block is logged and
 * skipped.
 */
export const pluginBlock: ActionExecutor<PluginBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute(run) {
    const { block, ctx } = run;
    const port = ctx.ports.plugins;
    if (!port) {
      addLog(
        ctx,
        {
          status: "error",
          description: `The "${block.type}" block is not configured on this server; skipped`,
          context: block.id,
        },
        { isHiddenFromLiveClient: true },
      );
      return { type: "next" };
    }
    const scope = getCurrentScope(ctx);
    const parsed = { ...block, options: parseVariablesDeep(block.options ?? {}, scope) } as PluginBlock;
    const result = await port.executeBlock({
      block: parsed,
      workspaceId: ctx.state.workspaceId,
      botId: scope.flow.botId,
      resultId: getCurrentFrame(ctx).resultId,
      isPreview: ctx.state.isPreview,
      variables: scope.flow.variables.map((variable) => ({
        id: variable.id,
        name: variable.name,
        value: scope.values[variable.id] ?? null,
      })),
      idempotency: countHttpRequestVisit(run),
      streamVariableId: ctx.state.isStreamEnabled ? getStreamedVariableId(run) : null,
    });
    for (const update of result.variableUpdates) setVariableValue(scope, update.variableId, update.value);
    // Services' answers may quote keys' owners or record contents: live clients do not see them, results keep them.
    for (const log of result.logs)
      addLog(ctx, { ...log, context: log.context ?? block.id }, { isHiddenFromLiveClient: true });
    for (const action of result.clientSideActions ?? []) addClientSideAction(ctx, action);
    if (result.stream) {
      // The client fetches the answer from streamMessage (which calls the service) and sends it back whole.
      addClientSideAction(ctx, { type: "stream", stream: true, expectsDedicatedReply: true });
      return {
        type: "wait",
        waitFor: {
          kind: "dedicatedReply",
          action: "stream",
          groupId: run.group.id,
          blockId: block.id,
          variableId: result.stream.variableId,
        },
      };
    }
    if (!result.embed) return { type: "next" };
    const { saveReplyInVariableId, ...content } = result.embed;
    pushBubble(ctx, { id: block.id, type: "custom-embed", content }, block.id);
    // The client sends the wait function's value back as the next message, as for an embed waiting for an event.
    return {
      type: "wait",
      waitFor: {
        kind: "dedicatedReply",
        action: "embedEvent",
        groupId: run.group.id,
        blockId: block.id,
        ...(saveReplyInVariableId ? { variableId: saveReplyInVariableId } : {}),
      },
    };
  },
};
