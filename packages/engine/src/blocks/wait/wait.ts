import type { WaitBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { addClientSideAction, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * `Wait`: the client pauses before showing what follows. With `shouldPause` the flow itself stops
 * until the client says the wait is over (a dedicated reply). No valid duration: nothing happens.
 */
export const wait: ActionExecutor<WaitBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, group, ctx }) {
    const options = block.options ?? {};
    const seconds = Number(
      parseVariables(String(options.secondsToWaitFor ?? ""), getCurrentScope(ctx)).trim(),
    );
    if (!Number.isFinite(seconds) || seconds <= 0) return { type: "next" };
    const shouldPause = options.shouldPause ?? false;
    addClientSideAction(ctx, {
      type: "wait",
      wait: { secondsToWaitFor: seconds },
      ...(shouldPause ? { expectsDedicatedReply: true } : {}),
    });
    if (!shouldPause) return { type: "next" };
    return {
      type: "wait",
      waitFor: { kind: "dedicatedReply", action: "wait", groupId: group.id, blockId: block.id },
    };
  },
};
