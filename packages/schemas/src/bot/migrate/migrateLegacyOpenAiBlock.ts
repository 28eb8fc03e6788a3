import { openAiActions, openAiBlock } from "../blocks/integrations/openAi";
import type { JsonPath } from "../indexFlow";
import { getRecords, isRecord, type JsonRecord, type WarningSink } from "./jsonRecords";

const legacyMessagesSequenceRole = "Messages sequence ✨";

/**
 * The native `OpenAI` block of older Typebot versions becomes the `openai` block:
 * `task` → `action`, `advancedSettings.temperature` → `temperature`,
 * `responseMapping[].valueToExtract` → `item`. What the new block cannot express (the
 * "Messages sequence" role, the retired "Create image" task) is dropped with a warning.
 */
export function migrateLegacyOpenAiBlock(block: JsonRecord, path: JsonPath, warn: WarningSink): void {
  block.type = openAiBlock.type;
  if (!isRecord(block.options)) return;
  const { task, advancedSettings, responseMapping, messages, ...rest } = block.options;
  const options: JsonRecord = { ...rest };
  if (typeof task === "string") {
    if (openAiActions.some((action) => action === task)) options.action = task;
    else warn({ message: `The OpenAI task "${task}" no longer exists; choose an action again`, path });
  }
  if (isRecord(advancedSettings) && advancedSettings.temperature !== undefined)
    options.temperature = advancedSettings.temperature;
  if (Array.isArray(messages))
    options.messages = getRecords(messages).filter((message, messageIndex) => {
      if (message.role !== legacyMessagesSequenceRole) return true;
      warn({
        message: 'The "Messages sequence" OpenAI message was removed; use a Dialogue message instead',
        path: [...path, "options", "messages", messageIndex],
      });
      return false;
    });
  if (Array.isArray(responseMapping))
    options.responseMapping = getRecords(responseMapping).map(({ valueToExtract, ...mapping }) => ({
      ...mapping,
      item: mapping.item ?? valueToExtract,
    }));
  block.options = options;
}
