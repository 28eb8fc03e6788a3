import { createChoiceLikeInput } from "./createChoiceLikeInput";
import { getChoiceItems } from "./getChoiceItems";

/** `choice input`: buttons (display conditions, dynamic items from a list variable). */
export const choiceInput = createChoiceLikeInput(getChoiceItems, (item) => item.content ?? "", "buttons");
