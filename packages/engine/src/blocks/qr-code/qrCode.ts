import type { QrCodeBlock } from "@parley/schemas";
import { toDataURL } from "qrcode";
import { parseVariables } from "../../variables/parseVariables";
import { setVariableValue } from "../../variables/VariableScope";
import { addLog, getCurrentScope } from "../../walk/TurnContext";
import type { ActionExecutor } from "../BlockExecutor";

/**
 * `qr-code`: encodes its data (variables replaced) as a PNG `data:` URL saved to a variable, so an
 * image bubble showing `{{that variable}}` displays it without any upload storage. Nothing to encode
 * or nowhere to save it: a log line, and the flow goes on.
 */
export const qrCode: ActionExecutor<QrCodeBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute({ block, ctx }) {
    const scope = getCurrentScope(ctx);
    const data = parseVariables(block.options?.data ?? "", scope);
    const variableId = block.options?.saveUrlInVariableId;
    const problem =
      data.trim() === ""
        ? "The QR code has no data to encode; skipped"
        : !variableId || !scope.index.variablesById.has(variableId)
          ? "The QR code has no variable to save its image in; skipped"
          : undefined;
    if (problem || !variableId) {
      addLog(ctx, { status: "error", description: problem ?? "", context: block.id });
      return { type: "next" };
    }
    try {
      setVariableValue(scope, variableId, await toDataURL(data, { type: "image/png", margin: 2 }));
    } catch (error) {
      // The only failure of `qrcode` for a string is data longer than a QR code holds (about 2.9 kB).
      addLog(ctx, {
        status: "error",
        description: "The QR code could not be generated",
        details: error instanceof Error ? error.message : String(error),
        context: block.id,
      });
    }
    return { type: "next" };
  },
};
