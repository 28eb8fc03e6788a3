import * as schemas from "@parley/schemas";
import { blockSchema } from "@parley/schemas";

/**
 * The defaults the schema gives a block kind's `options` (or a bubble's `content`), shown
 * as placeholders and initial switch states. Taken from the `default…Options` /
 * `default…Content` exports of each block module.
 */
const defaultsByType: Record<string, Record<string, unknown>> = {
  text: schemas.defaultTextBubbleContent,
  image: schemas.defaultImageBubbleContent,
  video: schemas.defaultVideoBubbleContent,
  audio: schemas.defaultAudioBubbleContent,
  embed: schemas.defaultEmbedBubbleContent,
  "text input": schemas.defaultTextInputOptions,
  "number input": schemas.defaultNumberInputOptions,
  "email input": schemas.defaultEmailInputOptions,
  "url input": schemas.defaultUrlInputOptions,
  "phone number input": schemas.defaultPhoneNumberInputOptions,
  "date input": schemas.defaultDateInputOptions,
  "time input": schemas.defaultTimeInputOptions,
  "choice input": schemas.defaultChoiceInputOptions,
  "picture choice input": schemas.defaultPictureChoiceInputOptions,
  "rating input": schemas.defaultRatingInputOptions,
  "file input": schemas.defaultFileInputOptions,
  "payment input": schemas.defaultPaymentInputOptions,
  cards: schemas.defaultCardsOptions,
  "Set variable": schemas.defaultSetVariableOptions,
  Redirect: schemas.defaultRedirectOptions,
  Code: schemas.defaultCodeOptions,
  "Bot link": schemas.defaultBotLinkOptions,
  Wait: schemas.defaultWaitOptions,
  "AB test": schemas.defaultAbTestOptions,
  webhook: schemas.defaultWebhookOptions,
  Webhook: schemas.defaultHttpRequestOptions,
  Zapier: schemas.defaultHttpRequestOptions,
  "Make.com": schemas.defaultHttpRequestOptions,
  Pabbly: schemas.defaultHttpRequestOptions,
  Email: schemas.defaultSendEmailOptions,
  "Google Sheets": schemas.defaultGoogleSheetsOptions,
  Pixel: schemas.defaultPixelOptions,
  Chatwoot: schemas.defaultChatwootOptions,
  openai: schemas.defaultOpenAiOptions,
  anthropic: schemas.defaultAnthropicOptions,
  mistral: schemas.defaultMistralOptions,
  "openai-compatible": schemas.defaultOpenAiCompatibleOptions,
};

export function getBlockDefaults(type: string): Record<string, unknown> {
  return defaultsByType[type] ?? {};
}

type BlockMemberSchema = (typeof blockSchema.options)[number];

const memberSchemas = new Map<string, BlockMemberSchema>(
  blockSchema.options.map((member) => [member.shape.type.value as string, member]),
);

/** The zod schema of one block kind (its `options`, `content` and `items` shapes). */
export function getBlockSchema(type: string): BlockMemberSchema | undefined {
  return memberSchemas.get(type);
}
