import { audioBubbleBlock, type TextInputBlock, type VariableValue } from "@parley/schemas";
import { getVariableValue } from "../../variables/VariableScope";
import { getCurrentScope } from "../../walk/TurnContext";
import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse } from "../shared/createInputResponse";

/**
 * `text input`: any text is valid. An audio reply is its URL (also saved in the audio clip variable);
 * attached file URLs go to the attachments variable and precede the text in the stored answer.
 */
export const textInput: InputExecutor<TextInputBlock> = {
  kind: "input",
  replyEventInputType: "text",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    if (!reply || reply.type === "command") return { status: "noReply" };
    const options = run.block.options ?? {};
    if (reply.type === audioBubbleBlock.type) {
      return {
        status: "success",
        content: reply.url,
        ...(options.audioClip?.saveVariableId
          ? { variableUpdates: [{ variableId: options.audioClip.saveVariableId, value: reply.url }] }
          : {}),
      };
    }
    const attachedFileUrls = options.attachments?.isEnabled ? (reply.attachedFileUrls ?? []) : [];
    if (attachedFileUrls.length === 0) return { status: "success", content: reply.text };
    const attachmentsVariableId = options.attachments?.saveVariableId;
    const current = getVariableValue(getCurrentScope(run.ctx), attachmentsVariableId);
    return {
      status: "success",
      content: `${attachedFileUrls.join(", ")}\n\n${reply.text}`,
      variableValue: reply.text,
      attachedFileUrls,
      ...(attachmentsVariableId
        ? {
            variableUpdates: [
              { variableId: attachmentsVariableId, value: addAttachments(current, attachedFileUrls) },
            ],
          }
        : {}),
    };
  },
};

const addAttachments = (current: VariableValue, urls: string[]): VariableValue => {
  if (Array.isArray(current)) return [...current, ...urls];
  return urls.length === 1 ? (urls[0] ?? null) : urls;
};
