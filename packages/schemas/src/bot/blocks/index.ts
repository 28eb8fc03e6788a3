import { z } from "zod";
import { audioBubbleBlock } from "./bubbles/audio";
import { embedBubbleBlock } from "./bubbles/embed";
import { imageBubbleBlock } from "./bubbles/image";
import { textBubbleBlock } from "./bubbles/text";
import { videoBubbleBlock } from "./bubbles/video";
import type { BlockCategory, BlockDefinition, BlockKindSchema } from "./defineBlock";
import { cardsBlock } from "./inputs/cards";
import { choiceInputBlock } from "./inputs/choiceInput";
import { dateInputBlock } from "./inputs/dateInput";
import { emailInputBlock } from "./inputs/emailInput";
import { fileInputBlock } from "./inputs/fileInput";
import { numberInputBlock } from "./inputs/numberInput";
import { paymentInputBlock } from "./inputs/paymentInput";
import { phoneNumberInputBlock } from "./inputs/phoneNumberInput";
import { pictureChoiceInputBlock } from "./inputs/pictureChoiceInput";
import { ratingInputBlock } from "./inputs/ratingInput";
import { textInputBlock } from "./inputs/textInput";
import { timeInputBlock } from "./inputs/timeInput";
import { urlInputBlock } from "./inputs/urlInput";
import { aiAgentBlock } from "./integrations/aiAgent";
import type { AiKindFacts } from "./integrations/aiOptions";
import { anthropicBlock } from "./integrations/anthropic";
import { calComBlock } from "./integrations/calCom";
import { chatNodeBlock } from "./integrations/chatNode";
import { chatwootBlock } from "./integrations/chatwoot";
import { difyBlock } from "./integrations/dify";
import { elevenLabsBlock } from "./integrations/elevenLabs";
import { gmailBlock } from "./integrations/gmail";
import { googleAnalyticsBlock } from "./integrations/googleAnalytics";
import { googleSheetsBlock } from "./integrations/googleSheets";
import { httpRequestBlock } from "./integrations/httpRequest";
import { makeComBlock } from "./integrations/makeCom";
import { mistralBlock } from "./integrations/mistral";
import { nocoDbBlock } from "./integrations/nocoDb";
import { openAiBlock } from "./integrations/openAi";
import { openAiCompatibleBlock } from "./integrations/openAiCompatible";
import { pabblyConnectBlock } from "./integrations/pabblyConnect";
import { pixelBlock } from "./integrations/pixel";
import { postHogBlock } from "./integrations/postHog";
import { qrCodeBlock } from "./integrations/qrCode";
import { segmentBlock } from "./integrations/segment";
import { sendEmailBlock } from "./integrations/sendEmail";
import { unsupportedBlock } from "./integrations/unsupported";
import { zapierBlock } from "./integrations/zapier";
import { zendeskBlock } from "./integrations/zendesk";
import { abTestBlock } from "./logic/abTest";
import { botLinkBlock } from "./logic/botLink";
import { codeBlock } from "./logic/code";
import { conditionBlock } from "./logic/condition";
import { humanHandoffBlock } from "./logic/humanHandoff";
import { jumpBlock } from "./logic/jump";
import { loopBlock } from "./logic/loop";
import { redirectBlock } from "./logic/redirect";
import { returnBlock } from "./logic/return";
import { setVariableBlock } from "./logic/setVariable";
import { waitBlock } from "./logic/wait";
import { webhookBlock } from "./logic/webhook";

/** Every block kind, in catalogue order (also the order of the OpenAPI document's block union). Each module declares its kind once (see defineBlock). */
/** The text input kind's definition (its `type` is the wire type other packages name it by). */
export { textInputBlock };

export const blockDefinitions = [
  textBubbleBlock,
  imageBubbleBlock,
  videoBubbleBlock,
  audioBubbleBlock,
  embedBubbleBlock,
  textInputBlock,
  numberInputBlock,
  emailInputBlock,
  urlInputBlock,
  phoneNumberInputBlock,
  dateInputBlock,
  timeInputBlock,
  choiceInputBlock,
  pictureChoiceInputBlock,
  ratingInputBlock,
  fileInputBlock,
  paymentInputBlock,
  cardsBlock,
  setVariableBlock,
  conditionBlock,
  redirectBlock,
  codeBlock,
  botLinkBlock,
  waitBlock,
  abTestBlock,
  jumpBlock,
  returnBlock,
  loopBlock,
  webhookBlock,
  humanHandoffBlock,
  httpRequestBlock,
  zapierBlock,
  makeComBlock,
  pabblyConnectBlock,
  sendEmailBlock,
  googleSheetsBlock,
  googleAnalyticsBlock,
  pixelBlock,
  chatwootBlock,
  aiAgentBlock,
  openAiBlock,
  anthropicBlock,
  mistralBlock,
  openAiCompatibleBlock,
  qrCodeBlock,
  postHogBlock,
  segmentBlock,
  nocoDbBlock,
  difyBlock,
  chatNodeBlock,
  elevenLabsBlock,
  gmailBlock,
  calComBlock,
  zendeskBlock,
  unsupportedBlock,
] as const;

type AnyBlockDefinition = (typeof blockDefinitions)[number];
type SchemasOf<D extends { schema: BlockKindSchema }> = [D["schema"], ...D["schema"][]];

/**
 * The name of each kind's schema in the OpenAPI document (`#/components/schemas/<name>`). Naming only
 * registers the schema for the document; parsing is the kind's own schema's.
 */
const blockComponentNames: Record<AnyBlockDefinition["type"], string> = {
  [textBubbleBlock.type]: "TextBubbleBlock",
  [imageBubbleBlock.type]: "ImageBubbleBlock",
  [videoBubbleBlock.type]: "VideoBubbleBlock",
  [audioBubbleBlock.type]: "AudioBubbleBlock",
  [embedBubbleBlock.type]: "EmbedBubbleBlock",
  [textInputBlock.type]: "TextInputBlock",
  [numberInputBlock.type]: "NumberInputBlock",
  [emailInputBlock.type]: "EmailInputBlock",
  [urlInputBlock.type]: "UrlInputBlock",
  [phoneNumberInputBlock.type]: "PhoneNumberInputBlock",
  [dateInputBlock.type]: "DateInputBlock",
  [timeInputBlock.type]: "TimeInputBlock",
  [choiceInputBlock.type]: "ChoiceInputBlock",
  [pictureChoiceInputBlock.type]: "PictureChoiceInputBlock",
  [ratingInputBlock.type]: "RatingInputBlock",
  [fileInputBlock.type]: "FileInputBlock",
  [paymentInputBlock.type]: "PaymentInputBlock",
  [cardsBlock.type]: "CardsInputBlock",
  [setVariableBlock.type]: "SetVariableBlock",
  [conditionBlock.type]: "ConditionBlock",
  [redirectBlock.type]: "RedirectBlock",
  [codeBlock.type]: "CodeBlock",
  [botLinkBlock.type]: "BotLinkBlock",
  [waitBlock.type]: "WaitBlock",
  [abTestBlock.type]: "AbTestBlock",
  [jumpBlock.type]: "JumpBlock",
  [returnBlock.type]: "ReturnBlock",
  [loopBlock.type]: "LoopBlock",
  [webhookBlock.type]: "WebhookListenerBlock",
  [humanHandoffBlock.type]: "HumanHandoffBlock",
  [httpRequestBlock.type]: "HttpRequestBlock",
  [zapierBlock.type]: "ZapierBlock",
  [makeComBlock.type]: "MakeComBlock",
  [pabblyConnectBlock.type]: "PabblyConnectBlock",
  [sendEmailBlock.type]: "SendEmailBlock",
  [googleSheetsBlock.type]: "GoogleSheetsBlock",
  [googleAnalyticsBlock.type]: "GoogleAnalyticsBlock",
  [pixelBlock.type]: "PixelBlock",
  [chatwootBlock.type]: "ChatwootBlock",
  [aiAgentBlock.type]: "AiAgentBlock",
  [openAiBlock.type]: "OpenAiBlock",
  [anthropicBlock.type]: "AnthropicBlock",
  [mistralBlock.type]: "MistralBlock",
  [openAiCompatibleBlock.type]: "OpenAiCompatibleBlock",
  [qrCodeBlock.type]: "QrCodeBlock",
  [postHogBlock.type]: "PostHogBlock",
  [segmentBlock.type]: "SegmentBlock",
  [nocoDbBlock.type]: "NocoDbBlock",
  [difyBlock.type]: "DifyBlock",
  [gmailBlock.type]: "GmailBlock",
  [elevenLabsBlock.type]: "ElevenLabsBlock",
  [chatNodeBlock.type]: "ChatNodeBlock",
  [calComBlock.type]: "CalComBlock",
  [zendeskBlock.type]: "ZendeskBlock",
  [unsupportedBlock.type]: "UnsupportedBlock",
};
const namedBlockSchemas = new Map<string, BlockKindSchema>(
  blockDefinitions.map((definition) => [
    definition.type,
    definition.schema.meta({
      id: blockComponentNames[definition.type],
      description: `A \`${definition.type}\` block (${definition.category}): ${definition.catalogue.label}.`,
    }),
  ]),
);

function schemasOf<D extends AnyBlockDefinition>(keep: (definition: AnyBlockDefinition) => boolean) {
  return blockDefinitions
    .filter(keep)
    .map((definition) => namedBlockSchemas.get(definition.type)) as unknown as SchemasOf<D>;
}
const byCategory = (category: BlockCategory) => (definition: AnyBlockDefinition) =>
  definition.category === category;
/** The definition of an AI kind: one declared with `ai` facts. */
export type AiBlockDefinition = Extract<AnyBlockDefinition, { ai: AiKindFacts }>;
const isAiDefinition = (definition: AnyBlockDefinition): definition is AiBlockDefinition =>
  definition.ai !== undefined;

/** Every block kind, discriminated on `type`; an unknown `type` is rejected. */
export const blockSchema = z
  .discriminatedUnion(
    "type",
    schemasOf<AnyBlockDefinition>(() => true),
  )
  .meta({ id: "Block", description: "A step of a group, discriminated on `type`." });
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];

type DefinitionOfCategory<C extends BlockCategory> = Extract<AnyBlockDefinition, { category: C }>;
export const inputBlockSchema = z
  .discriminatedUnion("type", schemasOf<DefinitionOfCategory<"input">>(byCategory("input")))
  .meta({ id: "InputBlock", description: "An input block: the flow waits for the user's reply." });

export type BubbleBlock = z.infer<DefinitionOfCategory<"bubble">["schema"]>;
export type InputBlock = z.infer<DefinitionOfCategory<"input">["schema"]>;
export type LogicBlock = z.infer<DefinitionOfCategory<"logic">["schema"]>;
export type IntegrationBlock = z.infer<DefinitionOfCategory<"integration">["schema"]>;
export type AiBlock = z.infer<AiBlockDefinition["schema"]>;

export type BubbleBlockType = BubbleBlock["type"];
export type InputBlockType = InputBlock["type"];
export type LogicBlockType = LogicBlock["type"];
export type IntegrationBlockType = IntegrationBlock["type"];
export type AiBlockType = AiBlock["type"];

/** The definition of one kind, typed by its wire string. */
export type BlockDefinitionOf<T extends BlockType> = Extract<AnyBlockDefinition, { type: T }>;

const typesOf = <T extends string>(keep: (definition: AnyBlockDefinition) => boolean) =>
  blockDefinitions.filter(keep).map((definition) => definition.type) as T[];

export const blockTypes = typesOf<BlockType>(() => true);
export const bubbleBlockTypes = typesOf<BubbleBlockType>(byCategory("bubble"));
export const inputBlockTypes = typesOf<InputBlockType>(byCategory("input"));
export const logicBlockTypes = typesOf<LogicBlockType>(byCategory("logic"));
export const integrationBlockTypes = typesOf<IntegrationBlockType>(byCategory("integration"));
export const aiBlockTypes = typesOf<AiBlockType>(isAiDefinition);

const definitionsByType = new Map<string, AnyBlockDefinition>(
  blockDefinitions.map((definition) => [definition.type, definition]),
);

/** The definition of a block kind, or undefined for a type this product does not know. */
export function getBlockDefinition<T extends string>(
  type: T,
): (T extends BlockType ? BlockDefinitionOf<T> : AnyBlockDefinition) | undefined {
  return definitionsByType.get(type) as never;
}

/**
 * The definition of a kind seen through the widest block type: for code that handles any kind
 * (the editor's canvas and settings) and calls the definition's functions with a block of that kind.
 */
export function getAnyBlockDefinition(type: string): BlockDefinition<BlockKindSchema> | undefined {
  return definitionsByType.get(type) as BlockDefinition<BlockKindSchema> | undefined;
}

const isOfCategory =
  <B extends Block>(category: BlockCategory) =>
  (block: { type: string }): block is B =>
    definitionsByType.get(block.type)?.category === category;

export const isBubbleBlock = isOfCategory<BubbleBlock>("bubble");
export const isInputBlock = isOfCategory<InputBlock>("input");

/** The variable an input saves its answer in (payment inputs and cards have none). */
export const getInputVariableId = (block: InputBlock): string | undefined => {
  const options = block.options;
  return (options && "variableId" in options && options.variableId) || undefined;
};
export const isLogicBlock = isOfCategory<LogicBlock>("logic");
export const isIntegrationBlock = isOfCategory<IntegrationBlock>("integration");
export function isAiBlock(block: { type: string }): block is AiBlock {
  return getAiBlockDefinition(block.type) !== undefined;
}

/** The definition of an AI kind (its provider protocol, actions, default base URL), or undefined for another type. */
export function getAiBlockDefinition(type: string): AiBlockDefinition | undefined {
  const definition = definitionsByType.get(type);
  return definition && isAiDefinition(definition) ? definition : undefined;
}

/** Blocks whose exits hang on their items (and, for cards, on the items' paths). */
export function hasItems(block: Block): block is Extract<Block, { items: unknown[] }> {
  return "items" in block && Array.isArray(block.items);
}
