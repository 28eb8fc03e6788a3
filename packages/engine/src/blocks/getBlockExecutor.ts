import {
  abTestBlock,
  aiAgentBlock,
  anthropicBlock,
  audioBubbleBlock,
  type Block,
  type BlockType,
  botLinkBlock,
  calComBlock,
  cardsBlock,
  chatNodeBlock,
  chatwootBlock,
  choiceInputBlock,
  codeBlock,
  conditionBlock,
  dateInputBlock,
  difyBlock,
  elevenLabsBlock,
  emailInputBlock,
  embedBubbleBlock,
  fileInputBlock,
  gmailBlock,
  googleAnalyticsBlock,
  googleSheetsBlock,
  httpRequestBlock,
  humanHandoffBlock,
  imageBubbleBlock,
  jumpBlock,
  loopBlock,
  makeComBlock,
  mistralBlock,
  nocoDbBlock,
  numberInputBlock,
  openAiBlock,
  openAiCompatibleBlock,
  pabblyConnectBlock,
  paymentInputBlock,
  phoneNumberInputBlock,
  pictureChoiceInputBlock,
  pixelBlock,
  postHogBlock,
  qrCodeBlock,
  ratingInputBlock,
  redirectBlock,
  returnBlock as returnBlockDefinition,
  segmentBlock,
  sendEmailBlock,
  setVariableBlock,
  textBubbleBlock,
  textInputBlock,
  timeInputBlock,
  unsupportedBlock,
  urlInputBlock,
  videoBubbleBlock,
  waitBlock,
  webhookBlock,
  zapierBlock,
  zendeskBlock,
} from "@parley/schemas";
import { abTest } from "./ab-test/abTest";
import { aiBlock } from "./ai/aiBlock";
import { aiAgent } from "./ai-agent/aiAgent";
import { audioBubble } from "./audio/audioBubble";
import type { BlockExecutor, ExecutorOf, InputExecutor } from "./BlockExecutor";
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
import { humanHandoff } from "./human-handoff/humanHandoff";
import { imageBubble } from "./image/imageBubble";
import { jump } from "./jump/jump";
import { loop } from "./loop/loop";
import { numberInput } from "./number-input/numberInput";
import { paymentInput } from "./payment-input/paymentInput";
import { phoneNumberInput } from "./phone-number-input/phoneNumberInput";
import { pictureChoiceInput } from "./picture-choice-input/pictureChoiceInput";
import { pixel } from "./pixel/pixel";
import { pluginBlock } from "./plugin/pluginBlock";
import { qrCode } from "./qr-code/qrCode";
import { ratingInput } from "./rating-input/ratingInput";
import { redirect } from "./redirect/redirect";
import { returnBlock } from "./return/returnBlock";
import { setVariable } from "./set-variable/setVariable";
import { textBubble } from "./text/textBubble";
import { textInput } from "./text-input/textInput";
import { timeInput } from "./time-input/timeInput";
import { unsupported } from "./unsupported/unsupported";
import { urlInput } from "./url-input/urlInput";
import { videoBubble } from "./video/videoBubble";
import { wait } from "./wait/wait";
import { webhook } from "./webhook/webhook";

/**
 * The executor of every block kind, keyed by the kinds' definitions: a kind missing here, or an input
 * kind without an input executor, is a type error. HTTP request and the automation platforms share
 * one executor; the AI kinds run through the AI port, the server-side plug-ins through the plug-in port.
 */
const executors: { [T in BlockType]: ExecutorOf<T> } = {
  [textBubbleBlock.type]: textBubble,
  [imageBubbleBlock.type]: imageBubble,
  [videoBubbleBlock.type]: videoBubble,
  [audioBubbleBlock.type]: audioBubble,
  [embedBubbleBlock.type]: embedBubble,
  [textInputBlock.type]: textInput,
  [numberInputBlock.type]: numberInput,
  [emailInputBlock.type]: emailInput,
  [urlInputBlock.type]: urlInput,
  [dateInputBlock.type]: dateInput,
  [timeInputBlock.type]: timeInput,
  [phoneNumberInputBlock.type]: phoneNumberInput,
  [choiceInputBlock.type]: choiceInput,
  [pictureChoiceInputBlock.type]: pictureChoiceInput,
  [ratingInputBlock.type]: ratingInput,
  [fileInputBlock.type]: fileInput,
  [paymentInputBlock.type]: paymentInput,
  [cardsBlock.type]: cards,
  [setVariableBlock.type]: setVariable,
  [conditionBlock.type]: condition,
  [redirectBlock.type]: redirect,
  [codeBlock.type]: code,
  [botLinkBlock.type]: botLink,
  [waitBlock.type]: wait,
  [abTestBlock.type]: abTest,
  [jumpBlock.type]: jump,
  [returnBlockDefinition.type]: returnBlock,
  [loopBlock.type]: loop,
  [webhookBlock.type]: webhook,
  [humanHandoffBlock.type]: humanHandoff,
  [httpRequestBlock.type]: httpRequest,
  [zapierBlock.type]: httpRequest,
  [makeComBlock.type]: httpRequest,
  [pabblyConnectBlock.type]: httpRequest,
  [sendEmailBlock.type]: sendEmail,
  [chatwootBlock.type]: chatwoot,
  [googleAnalyticsBlock.type]: googleAnalytics,
  [pixelBlock.type]: pixel,
  [googleSheetsBlock.type]: googleSheets,
  [aiAgentBlock.type]: aiAgent,
  [openAiBlock.type]: aiBlock,
  [anthropicBlock.type]: aiBlock,
  [mistralBlock.type]: aiBlock,
  [openAiCompatibleBlock.type]: aiBlock,
  [qrCodeBlock.type]: qrCode,
  [postHogBlock.type]: pluginBlock,
  [segmentBlock.type]: pluginBlock,
  [nocoDbBlock.type]: pluginBlock,
  [difyBlock.type]: pluginBlock,
  [gmailBlock.type]: pluginBlock,
  [elevenLabsBlock.type]: pluginBlock,
  [chatNodeBlock.type]: pluginBlock,
  [calComBlock.type]: pluginBlock,
  [zendeskBlock.type]: pluginBlock,
  [unsupportedBlock.type]: unsupported,
};

/** The executor of a block's kind; undefined for a type this product does not know. */
export const getBlockExecutor = (block: Block): BlockExecutor | undefined =>
  Object.hasOwn(executors, block.type) ? (executors[block.type] as BlockExecutor) : undefined;

/** The executor of an input kind, or undefined when the block is not an input. */
export const getInputExecutor = (block: Block): InputExecutor | undefined => {
  const executor = getBlockExecutor(block);
  return executor?.kind === "input" ? executor : undefined;
};
