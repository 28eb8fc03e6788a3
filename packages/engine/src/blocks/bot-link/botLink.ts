import type { BotLinkBlock } from "@parley/schemas";
import { currentBotId } from "@parley/schemas";
import {
  addLog,
  getCurrentFlow,
  getCurrentFrame,
  getCurrentIndex,
  getCurrentScope,
} from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";
import { resolveTargetGroup } from "../shared/resolveTargetGroup";
import { enterLinkedBot } from "./enterLinkedBot";

/** Bots linking into each other without end stop here. */
const MAX_LINK_DEPTH = 16;

/**
 * `Bot link`: runs another bot of the same workspace (published version; the draft in preview) from
 * its start or a chosen group, then comes back after this block. Linking to `current` runs a group of
 * this bot the same way. A bot that cannot be loaded is logged and skipped.
 */
export const botLink: ActionExecutor<BotLinkBlock> = {
  kind: "action",
  async execute({ block, group, ctx }) {
    const options = block.options ?? {};
    const frame = getCurrentFrame(ctx);
    const resumeAfter = { groupId: group.id, blockId: block.id, mode: "after" as const };
    if (!options.botId) {
      addLog(ctx, {
        status: "error",
        description: "Bot link has no bot selected; skipped",
        context: block.id,
      });
      return { type: "next" };
    }
    if (options.botId === currentBotId || options.botId === frame.botId) {
      const target = resolveTargetGroup(options.groupId, getCurrentIndex(ctx), getCurrentScope(ctx));
      if (!target) {
        addLog(ctx, { status: "error", description: "Linked group not found; skipped", context: block.id });
        return { type: "next" };
      }
      frame.resumePoints.push(resumeAfter);
      return { type: "group", groupId: target.id };
    }
    if (ctx.state.frames.length >= MAX_LINK_DEPTH) {
      addLog(ctx, { status: "error", description: "Too many nested bot links; skipped", context: block.id });
      return { type: "next" };
    }
    const flow = await ctx.ports.loadBot({
      botId: options.botId,
      workspaceId: ctx.state.workspaceId,
      isPreview: ctx.state.isPreview,
    });
    if (!flow || flow.workspaceId !== getCurrentFlow(ctx).workspaceId) {
      addLog(ctx, {
        status: "error",
        description: "Linked bot not found or not published; skipped",
        context: block.id,
      });
      return { type: "next" };
    }
    frame.resumePoints.push(resumeAfter);
    return enterLinkedBot(ctx, flow, {
      groupReference: options.groupId,
      mergeResults: options.mergeResults ?? false,
    });
  },
};
