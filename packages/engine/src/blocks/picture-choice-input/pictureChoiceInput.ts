import { createChoiceLikeInput } from "../choice-input/createChoiceLikeInput";
import { getPictureChoiceItems } from "./getPictureChoiceItems";

/** `picture choice input`: like `choice input`, matched on titles (or the picture URL). */
export const pictureChoiceInput = createChoiceLikeInput(
  getPictureChoiceItems,
  (item) => item.title ?? item.pictureSrc ?? "",
  "picture choice",
);
