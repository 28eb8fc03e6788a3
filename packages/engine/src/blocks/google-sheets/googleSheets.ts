import type { GoogleSheetsBlock } from "@parley/schemas";
import { addLog } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/** `Google Sheets` needs Google credentials this product does not manage yet: logged and skipped. */
export const googleSheets: ActionExecutor<GoogleSheetsBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    addLog(ctx, {
      status: "error",
      description: "Google Sheets is not supported on this server; skipped",
      context: block.id,
    });
    return { type: "next" };
  },
};
