import type { ChoiceInputBlock, PictureChoiceInputBlock } from "@parley/schemas";
import type { BlockRun, InputExecutor } from "../BlockExecutor";
import { createInputResponse } from "../shared/createInputResponse";
import { parseChoiceReply } from "./parseChoiceReply";

/** Buttons and pictures: the items shown, each matched by id, value, label (`getLabel`) or position. */
export const createChoiceLikeInput = <
  B extends ChoiceInputBlock | PictureChoiceInputBlock,
  T extends { id: string; value?: string; outgoingEdgeId?: string },
>(
  getItems: (run: BlockRun<B>) => T[],
  getLabel: (item: T) => string,
  replyEventInputType: string,
): InputExecutor<B> => ({
  kind: "input",
  replyEventInputType,
  needsALookBeforeReply: true,
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run, { items: getItems(run) }) };
  },
  async parseReply(run, reply) {
    const candidates = getItems(run).map((item) => ({
      id: item.id,
      label: getLabel(item),
      ...(item.value ? { value: item.value } : {}),
      item,
    }));
    return parseChoiceReply(candidates, reply, Boolean(run.block.options?.isMultipleChoice));
  },
});
