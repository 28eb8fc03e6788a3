import type { InputExecutor } from "../BlockExecutor";
import { parseChoiceReply } from "../choice-input/parseChoiceReply";
import { createInputResponse } from "../shared/createInputResponse";
import { getPictureChoiceItems, type PictureChoiceItem } from "./getPictureChoiceItems";

const toCandidate = (item: PictureChoiceItem) => ({
  id: item.id,
  label: item.title ?? item.pictureSrc ?? "",
  ...(item.value ? { value: item.value } : {}),
  item,
});

/** `picture choice input`: like `choice input`, matched on titles (or the picture URL). */
export const pictureChoiceInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run, { items: getPictureChoiceItems(run) }) };
  },
  async parseReply(run, reply) {
    return parseChoiceReply(
      getPictureChoiceItems(run).map(toCandidate),
      reply,
      Boolean(run.block.options?.isMultipleChoice),
    );
  },
};
