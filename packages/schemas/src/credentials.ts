import { z } from "zod";
import {
  anthropicCredentials,
  mistralCredentials,
  openAiCompatibleCredentials,
  openAiCredentials,
} from "./credentials/aiCredentials";
import { calComCredentials } from "./credentials/calComCredentials";
import { chatNodeCredentials } from "./credentials/chatNodeCredentials";
import { difyCredentials } from "./credentials/difyCredentials";
import { elevenLabsCredentials } from "./credentials/elevenLabsCredentials";
import { gmailCredentials } from "./credentials/gmailCredentials";
import { googleSheetsCredentials } from "./credentials/googleSheetsCredentials";
import { nocoDbCredentials } from "./credentials/nocoDbCredentials";
import { postHogCredentials } from "./credentials/postHogCredentials";
import { segmentCredentials } from "./credentials/segmentCredentials";
import { smtpCredentials } from "./credentials/smtpCredentials";
import { stripeCredentials } from "./credentials/stripeCredentials";
import { telegramCredentials } from "./credentials/telegramCredentials";
import { whatsAppCredentials } from "./credentials/whatsAppCredentials";
import { zendeskCredentials } from "./credentials/zendeskCredentials";
import { textSchema } from "./text";

export { defaultCalComApiUrl, defaultCalComBaseUrl } from "./credentials/calComCredentials";
export { type CredentialsFieldFacts, getFieldFacts } from "./credentials/defineCredentials";
export {
  anthropicCredentials,
  calComCredentials,
  chatNodeCredentials,
  difyCredentials,
  elevenLabsCredentials,
  gmailCredentials,
  googleSheetsCredentials,
  mistralCredentials,
  nocoDbCredentials,
  openAiCompatibleCredentials,
  openAiCredentials,
  postHogCredentials,
  segmentCredentials,
  smtpCredentials,
  stripeCredentials,
  telegramCredentials,
  whatsAppCredentials,
  zendeskCredentials,
};

/**
 * Workspace credentials: the secrets blocks and messaging channels use (AI API keys, SMTP accounts, Stripe
 * keys, WhatsApp and Telegram accounts, Google service-account keys). One kind is one `defineCredentials`
 * in `credentials/`, listed here: the API's input, the stored data's check and the builder's forms read
 * this list. `data` is written once and stored encrypted; reads return the record without it.
 */
export const credentialsDefinitions = [
  openAiCredentials,
  anthropicCredentials,
  mistralCredentials,
  openAiCompatibleCredentials,
  smtpCredentials,
  stripeCredentials,
  whatsAppCredentials,
  telegramCredentials,
  googleSheetsCredentials,
  postHogCredentials,
  segmentCredentials,
  nocoDbCredentials,
  difyCredentials,
  chatNodeCredentials,
  elevenLabsCredentials,
  calComCredentials,
  gmailCredentials,
  zendeskCredentials,
] as const;

type Definitions = typeof credentialsDefinitions;
export type AnyCredentialsDefinition = Definitions[number];
export type CredentialsType = AnyCredentialsDefinition["type"];

type TypesOf<D extends readonly AnyCredentialsDefinition[]> = {
  -readonly [K in keyof D]: D[K] extends AnyCredentialsDefinition ? D[K]["type"] : never;
};
type NewCredentialsSchemasOf<D extends readonly AnyCredentialsDefinition[]> = {
  -readonly [K in keyof D]: D[K] extends AnyCredentialsDefinition
    ? ReturnType<typeof newCredentialsOf<D[K]["type"], D[K]["schema"]>>
    : never;
};

export const credentialsTypes = credentialsDefinitions.map(
  (definition) => definition.type,
) as TypesOf<Definitions>;
export const credentialsTypeSchema = z.enum(credentialsTypes);

/** The definition of a credentials kind. */
export function getCredentialsDefinition(type: CredentialsType): AnyCredentialsDefinition {
  const definition = credentialsDefinitions.find((candidate) => candidate.type === type);
  if (!definition) throw new Error(`No credentials kind "${type}"`);
  return definition;
}

/** The schema of `data`, by kind. */
type DataSchemas = { [D in AnyCredentialsDefinition as D["type"]]: D["schema"] };
export type CredentialsData<T extends CredentialsType> = z.infer<DataSchemas[T]>;

const credentialsNameSchema = textSchema.trim().min(1, "Must not be empty").max(100);
const newCredentialsOf = <T extends CredentialsType, D extends z.ZodObject>(type: T, data: D) =>
  z.strictObject({ type: z.literal(type), name: credentialsNameSchema, data });

/** Create input: the type decides the shape of `data`. */
export const newCredentialsSchema = z
  .discriminatedUnion(
    "type",
    credentialsDefinitions.map((definition) =>
      newCredentialsOf(definition.type, definition.schema),
    ) as NewCredentialsSchemasOf<Definitions>,
  )
  .meta({ id: "NewCredentials" });
export type NewCredentials = z.infer<typeof newCredentialsSchema>;
export { credentialsNameSchema };

/** What reads return: never the secret data. */
export const credentialsRecordSchema = z
  .object({
    id: textSchema,
    workspaceId: textSchema,
    type: credentialsTypeSchema,
    name: textSchema,
    createdAt: textSchema,
    updatedAt: textSchema,
  })
  .meta({ id: "Credentials" });
export type CredentialsRecord = z.infer<typeof credentialsRecordSchema>;
