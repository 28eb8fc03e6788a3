import type { EnginePorts } from "../ports";
import { audioBubble } from "./audio/audioBubble";
import type { BlockExecutor } from "./BlockExecutor";
import { choiceInput } from "./choice-input/choiceInput";
import { dateInput } from "./date-input/dateInput";
import { emailInput } from "./email-input/emailInput";
import { embedBubble } from "./embed/embedBubble";
import { fileInput } from "./file-input/fileInput";
import { imageBubble } from "./image/imageBubble";
import { numberInput } from "./number-input/numberInput";
import { phoneNumberInput } from "./phone-number-input/phoneNumberInput";
import { pictureChoiceInput } from "./picture-choice-input/pictureChoiceInput";
import { ratingInput } from "./rating-input/ratingInput";
import { textBubble } from "./text/textBubble";
import { textInput } from "./text-input/textInput";
import { timeInput } from "./time-input/timeInput";
import { urlInput } from "./url-input/urlInput";
import { videoBubble } from "./video/videoBubble";

/** Executors by Typebot wire type. */
const executors: Record<string, BlockExecutor> = {
  text: textBubble,
  image: imageBubble,
  video: videoBubble,
  audio: audioBubble,
  embed: embedBubble,
  "text input": textInput,
  "number input": numberInput,
  "email input": emailInput,
  "url input": urlInput,
  "phone number input": phoneNumberInput,
  "date input": dateInput,
  "time input": timeInput,
  "choice input": choiceInput,
  "picture choice input": pictureChoiceInput,
  "rating input": ratingInput,
  "file input": fileInput,
};

/** The executor of a block type; AI block types go to the AI port when it lists them. */
export const getBlockExecutor = (type: string, _ports: EnginePorts): BlockExecutor | undefined =>
  Object.hasOwn(executors, type) ? executors[type] : undefined;
