import { z } from "zod";
import { audioBubbleBlockSchema } from "./bubbles/audio";
import { embedBubbleBlockSchema } from "./bubbles/embed";
import { imageBubbleBlockSchema } from "./bubbles/image";
import { textBubbleBlockSchema } from "./bubbles/text";
import { videoBubbleBlockSchema } from "./bubbles/video";
import { cardsBlockSchema } from "./inputs/cards";
import { choiceInputBlockSchema } from "./inputs/choiceInput";
import { dateInputBlockSchema } from "./inputs/dateInput";
import { emailInputBlockSchema } from "./inputs/emailInput";
import { fileInputBlockSchema } from "./inputs/fileInput";
import { numberInputBlockSchema } from "./inputs/numberInput";
import { paymentInputBlockSchema } from "./inputs/paymentInput";
import { phoneNumberInputBlockSchema } from "./inputs/phoneNumberInput";
import { pictureChoiceInputBlockSchema } from "./inputs/pictureChoiceInput";
import { ratingInputBlockSchema } from "./inputs/ratingInput";
import { textInputBlockSchema } from "./inputs/textInput";
import { timeInputBlockSchema } from "./inputs/timeInput";
import { urlInputBlockSchema } from "./inputs/urlInput";
import { anthropicBlockSchema } from "./integrations/anthropic";
import { chatwootBlockSchema } from "./integrations/chatwoot";
import { googleAnalyticsBlockSchema } from "./integrations/googleAnalytics";
import { googleSheetsBlockSchema } from "./integrations/googleSheets";
import { httpRequestBlockSchema } from "./integrations/httpRequest";
import { makeComBlockSchema } from "./integrations/makeCom";
import { mistralBlockSchema } from "./integrations/mistral";
import { openAiBlockSchema } from "./integrations/openAi";
import { openAiCompatibleBlockSchema } from "./integrations/openAiCompatible";
import { pabblyConnectBlockSchema } from "./integrations/pabblyConnect";
import { pixelBlockSchema } from "./integrations/pixel";
import { sendEmailBlockSchema } from "./integrations/sendEmail";
import { zapierBlockSchema } from "./integrations/zapier";
import { abTestBlockSchema } from "./logic/abTest";
import { botLinkBlockSchema } from "./logic/botLink";
import { codeBlockSchema } from "./logic/code";
import { conditionBlockSchema } from "./logic/condition";
import { jumpBlockSchema } from "./logic/jump";
import { redirectBlockSchema } from "./logic/redirect";
import { returnBlockSchema } from "./logic/return";
import { setVariableBlockSchema } from "./logic/setVariable";
import { waitBlockSchema } from "./logic/wait";
import { webhookBlockSchema } from "./logic/webhook";

export const bubbleBlockSchemas = [
  textBubbleBlockSchema,
  imageBubbleBlockSchema,
  videoBubbleBlockSchema,
  audioBubbleBlockSchema,
  embedBubbleBlockSchema,
] as const;

export const inputBlockSchemas = [
  textInputBlockSchema,
  numberInputBlockSchema,
  emailInputBlockSchema,
  urlInputBlockSchema,
  phoneNumberInputBlockSchema,
  dateInputBlockSchema,
  timeInputBlockSchema,
  choiceInputBlockSchema,
  pictureChoiceInputBlockSchema,
  ratingInputBlockSchema,
  fileInputBlockSchema,
  paymentInputBlockSchema,
  cardsBlockSchema,
] as const;

export const logicBlockSchemas = [
  setVariableBlockSchema,
  conditionBlockSchema,
  redirectBlockSchema,
  codeBlockSchema,
  botLinkBlockSchema,
  waitBlockSchema,
  abTestBlockSchema,
  jumpBlockSchema,
  returnBlockSchema,
  webhookBlockSchema,
] as const;

export const aiBlockSchemas = [
  openAiBlockSchema,
  anthropicBlockSchema,
  mistralBlockSchema,
  openAiCompatibleBlockSchema,
] as const;

export const integrationBlockSchemas = [
  httpRequestBlockSchema,
  zapierBlockSchema,
  makeComBlockSchema,
  pabblyConnectBlockSchema,
  sendEmailBlockSchema,
  googleSheetsBlockSchema,
  googleAnalyticsBlockSchema,
  pixelBlockSchema,
  chatwootBlockSchema,
  ...aiBlockSchemas,
] as const;

/** Every block kind, discriminated on `type`; an unknown `type` is rejected. */
export const blockSchema = z.discriminatedUnion("type", [
  ...bubbleBlockSchemas,
  ...inputBlockSchemas,
  ...logicBlockSchemas,
  ...integrationBlockSchemas,
]);
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];

export const inputBlockSchema = z.discriminatedUnion("type", [...inputBlockSchemas]);

export type BubbleBlock = z.infer<(typeof bubbleBlockSchemas)[number]>;
export type InputBlock = z.infer<(typeof inputBlockSchemas)[number]>;
export type LogicBlock = z.infer<(typeof logicBlockSchemas)[number]>;
export type IntegrationBlock = z.infer<(typeof integrationBlockSchemas)[number]>;
export type AiBlock = z.infer<(typeof aiBlockSchemas)[number]>;

export type BubbleBlockType = BubbleBlock["type"];
export type InputBlockType = InputBlock["type"];
export type LogicBlockType = LogicBlock["type"];
export type IntegrationBlockType = IntegrationBlock["type"];
export type AiBlockType = AiBlock["type"];

function getTypes<const T extends readonly { shape: { type: { value: string } } }[]>(schemas: T) {
  return schemas.map((schema) => schema.shape.type.value) as {
    [K in keyof T]: T[K]["shape"]["type"]["value"];
  };
}

export const bubbleBlockTypes = getTypes(bubbleBlockSchemas);
export const inputBlockTypes = getTypes(inputBlockSchemas);
export const logicBlockTypes = getTypes(logicBlockSchemas);
export const integrationBlockTypes = getTypes(integrationBlockSchemas);
export const aiBlockTypes = getTypes(aiBlockSchemas);
export const blockTypes = [
  ...bubbleBlockTypes,
  ...inputBlockTypes,
  ...logicBlockTypes,
  ...integrationBlockTypes,
] as const;

const bubbleTypeSet = new Set<string>(bubbleBlockTypes);
const inputTypeSet = new Set<string>(inputBlockTypes);
const logicTypeSet = new Set<string>(logicBlockTypes);
const integrationTypeSet = new Set<string>(integrationBlockTypes);
const aiTypeSet = new Set<string>(aiBlockTypes);

export function isBubbleBlock(block: { type: string }): block is BubbleBlock {
  return bubbleTypeSet.has(block.type);
}
export function isInputBlock(block: { type: string }): block is InputBlock {
  return inputTypeSet.has(block.type);
}
export function isLogicBlock(block: { type: string }): block is LogicBlock {
  return logicTypeSet.has(block.type);
}
export function isIntegrationBlock(block: { type: string }): block is IntegrationBlock {
  return integrationTypeSet.has(block.type);
}
export function isAiBlock(block: { type: string }): block is AiBlock {
  return aiTypeSet.has(block.type);
}

/** Blocks whose exits hang on their items (and, for cards, on the items' paths). */
export function hasItems(block: Block): block is Extract<Block, { items: unknown[] }> {
  return "items" in block && Array.isArray(block.items);
}
