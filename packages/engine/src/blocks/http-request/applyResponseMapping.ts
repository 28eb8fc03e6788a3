import type { WebhookBlock } from "@parley/schemas";
import { serializeVariableValue } from "../../variables/serializeVariableValue";
import { setVariableValue } from "../../variables/VariableScope";
import { addLog, getCurrentScope } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import type { HttpRequestLikeBlock } from "./buildHttpRequest";
import { type HttpResponseData, readResponsePath } from "./readResponsePath";

/** Saves the mapped parts of a response into variables; a path that fails is logged and skipped. */
export const applyResponseMapping = async (
  run: BlockRun<HttpRequestLikeBlock | WebhookBlock>,
  response: HttpResponseData,
): Promise<void> => {
  const mappings = run.block.options?.responseVariableMapping ?? [];
  const scope = getCurrentScope(run.ctx);
  for (const mapping of mappings) {
    if (!mapping.variableId) continue;
    const result = await readResponsePath(response, mapping.bodyPath, run.ctx.ports);
    if (!result.ok) {
      addLog(
        run.ctx,
        {
          status: "error",
          description: `Could not read "${mapping.bodyPath ?? ""}" from the response`,
          details: result.error,
          context: run.block.id,
        },
        { isHiddenFromLiveClient: true },
      );
      continue;
    }
    setVariableValue(scope, mapping.variableId, serializeVariableValue(result.value));
  }
};

/** A response body as data: parsed JSON, else the text. */
export const parseResponseBody = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};
