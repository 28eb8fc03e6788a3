import type { WebhookBlock } from "@parley/schemas";
import type { BlockRun } from "../BlockExecutor";
import { applyResponseMapping, parseResponseBody } from "../http-request/applyResponseMapping";

/** The body an external system posted to the waiting `webhook` block, mapped into variables. */
export const applyWebhookReply = async (run: BlockRun<WebhookBlock>, text: string): Promise<void> =>
  applyResponseMapping(run, { statusCode: 200, data: parseResponseBody(text) });
