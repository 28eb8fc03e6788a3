import type { ChatInput } from "@parley/schemas";

export { getBubbleText } from "../chat/getBubbleText";

/** The items of the input shown (buttons, pictures, cards), or undefined for inputs without items. */
export const getInputItems = (
  input: ChatInput | null,
): { id: string; [field: string]: unknown }[] | undefined =>
  input && "items" in input ? input.items : undefined;
