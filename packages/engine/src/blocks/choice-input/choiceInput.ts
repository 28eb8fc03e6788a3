import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse } from "../shared/createInputResponse";
import { type ChoiceItem, getChoiceItems } from "./getChoiceItems";
import { parseChoiceReply } from "./parseChoiceReply";

const toCandidate = (item: ChoiceItem) => ({
  id: item.id,
  label: item.content ?? "",
  ...(item.value ? { value: item.value } : {}),
  item,
});

/** `choice input`: buttons (display conditions, dynamic items from a list variable). */
export const choiceInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run, { items: getChoiceItems(run) }) };
  },
  async parseReply(run, reply) {
    return parseChoiceReply(
      getChoiceItems(run).map(toCandidate),
      reply,
      Boolean(run.block.options?.isMultipleChoice),
    );
  },
};
