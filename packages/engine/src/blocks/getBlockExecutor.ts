import type { EnginePorts } from "../ports";
import { abTest } from "./ab-test/abTest";
import { AI_BLOCK_TYPES, createAiBlockExecutor, unconfiguredAiBlock } from "./ai/aiBlock";
import { audioBubble } from "./audio/audioBubble";
import type { ActionExecutor, BlockExecutor } from "./BlockExecutor";
import { botLink } from "./bot-link/botLink";
import { cards } from "./cards/cards";
import { chatwoot } from "./chatwoot/chatwoot";
import { choiceInput } from "./choice-input/choiceInput";
import { code } from "./code/code";
import { condition } from "./condition/condition";
import { dateInput } from "./date-input/dateInput";
import { sendEmail } from "./email/sendEmail";
import { emailInput } from "./email-input/emailInput";
import { embedBubble } from "./embed/embedBubble";
import { fileInput } from "./file-input/fileInput";
import { googleAnalytics } from "./google-analytics/googleAnalytics";
import { googleSheets } from "./google-sheets/googleSheets";
import { httpRequest } from "./http-request/httpRequest";
import { imageBubble } from "./image/imageBubble";
import { jump } from "./jump/jump";
import { numberInput } from "./number-input/numberInput";
import { paymentInput } from "./payment-input/paymentInput";
import { phoneNumberInput } from "./phone-number-input/phoneNumberInput";
import { pictureChoiceInput } from "./picture-choice-input/pictureChoiceInput";
import { pixel } from "./pixel/pixel";
import { ratingInput } from "./rating-input/ratingInput";
import { redirect } from "./redirect/redirect";
import { returnBlock } from "./return/returnBlock";
import { setVariable } from "./set-variable/setVariable";
import { textBubble } from "./text/textBubble";
import { textInput } from "./text-input/textInput";
import { timeInput } from "./time-input/timeInput";
import { urlInput } from "./url-input/urlInput";
import { videoBubble } from "./video/videoBubble";
import { wait } from "./wait/wait";
import { webhook } from "./webhook/webhook";

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
  "payment input": paymentInput,
  cards,
  "Set variable": setVariable,
  Condition: condition,
  Redirect: redirect,
  Code: code,
  "Bot link": botLink,
  Wait: wait,
  "AB test": abTest,
  Jump: jump,
  Return: returnBlock,
  webhook,
  Webhook: httpRequest,
  Zapier: httpRequest,
  "Make.com": httpRequest,
  Pabbly: httpRequest,
  Email: sendEmail,
  Chatwoot: chatwoot,
  "Google Analytics": googleAnalytics,
  Pixel: pixel,
  "Google Sheets": googleSheets,
};

const aiBlockTypes: ReadonlySet<string> = new Set(AI_BLOCK_TYPES);

/** Every block type the engine runs itself (AI types run through the AI port). */
export const SUPPORTED_BLOCK_TYPES: readonly string[] = Object.keys(executors);
const aiExecutors = new WeakMap<object, ActionExecutor>();

/** The executor of a block type; AI blocks go to the AI port when it lists their type. */
export const getBlockExecutor = (type: string, ports: EnginePorts): BlockExecutor | undefined => {
  if (ports.ai?.blockTypes.includes(type)) return getAiExecutor(ports.ai);
  if (aiBlockTypes.has(type)) return unconfiguredAiBlock;
  return Object.hasOwn(executors, type) ? executors[type] : undefined;
};

const getAiExecutor = (port: NonNullable<EnginePorts["ai"]>): ActionExecutor => {
  const cached = aiExecutors.get(port);
  if (cached) return cached;
  const executor = createAiBlockExecutor(port);
  aiExecutors.set(port, executor);
  return executor;
};
