import type { PluginBlock } from "../../ports";
import { parseVariablesDeep } from "../../variables/parseVariablesDeep";
import { setVariableValue } from "../../variables/VariableScope";
import { addLog, getCurrentFrame, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { countHttpRequestVisit } from "../http-request/countHttpRequestVisit";

/**
 * The Typebot plug-in kinds that call their service from the server (PostHog, Segment, NocoDB, Dify, ChatNode,
 * ElevenLabs, Gmail): the options with
 * `{{variables}}` replaced go to the plug-in port, which reads the block's credentials and makes the calls;
 * what it answers (variables to set, logs) is applied here. Without the port the block is logged and skipped.
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
    });
    for (const update of result.variableUpdates) setVariableValue(scope, update.variableId, update.value);
    // Services' answers may quote keys' owners or record contents: live clients do not see them, results keep them.
    for (const log of result.logs)
      addLog(ctx, { ...log, context: log.context ?? block.id }, { isHiddenFromLiveClient: true });
    return { type: "next" };
  },
};
