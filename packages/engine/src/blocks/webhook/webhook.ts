import { defaultWebhookOptions, type WebhookBlock, webhookBlock } from "@parley/schemas";
import { addClientSideAction } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { applyWebhookReply } from "./applyWebhookReply";

/**
 * `webhook` (logic): waits until an external system posts to the block's executeWebhook URL (the
 * runtime resumes the session with the body, which the response mapping stores), or until the
 * block's timeout, after which the flow goes on without it. The client polls for either.
 */
export const webhook: ActionExecutor<WebhookBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, group, ctx }) {
    const minutes = block.options?.timeoutMinutes ?? defaultWebhookOptions.timeoutMinutes;
    const listen = {
      listenId: ctx.ports.createId(),
      timeoutAt: new Date(ctx.ports.now().getTime() + minutes * 60_000).toISOString(),
    };
    addClientSideAction(ctx, {
      type: "listenForWebhook",
      listenForWebhook: listen,
      expectsDedicatedReply: true,
    });
    return {
      type: "wait",
      waitFor: {
        kind: "dedicatedReply",
        action: webhookBlock.type,
        groupId: group.id,
        blockId: block.id,
        webhook: listen,
      },
    };
  },
  applyDedicatedReply: applyWebhookReply,
};
