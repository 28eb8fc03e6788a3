import { type WebhookBlock, webhookBlock } from "@parley/schemas";
import { addClientSideAction } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { applyWebhookReply } from "./applyWebhookReply";

/**
 * `webhook` (logic): waits until an external system posts to the block's URL; the client relays the
 * body as the next message and the response mapping stores parts of it.
 */
export const webhook: ActionExecutor<WebhookBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, group, ctx }) {
    addClientSideAction(ctx, { type: "listenForWebhook", expectsDedicatedReply: true });
    return {
      type: "wait",
      waitFor: { kind: "dedicatedReply", action: webhookBlock.type, groupId: group.id, blockId: block.id },
    };
  },
  applyDedicatedReply: applyWebhookReply,
};
