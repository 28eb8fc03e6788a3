import { z } from "zod";
import { smtpCredentials } from "../../../credentials/smtpCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** `credentialsId` value meaning the platform's own SMTP server. */
export const platformEmailCredentialsId = "default";

export const sendEmailOptionsSchema = z
  .object({
    credentialsId: textSchema,
    recipients: z.array(textSchema),
    cc: z.array(textSchema),
    bcc: z.array(textSchema),
    replyTo: textSchema,
    subject: textSchema,
    body: textSchema,
    /** Off: the default body lists the answers. */
    isCustomBody: z.boolean(),
    /** The custom body is HTML code rather than text. */
    isBodyCode: z.boolean(),
    /** A variable holding file URLs to attach. */
    attachmentsVariableId: textSchema,
  })
  .partial();
export type SendEmailOptions = z.infer<typeof sendEmailOptionsSchema>;

export const sendEmailBlockSchema = blockBaseSchema.extend({
  type: z.literal("Email"),
  options: sendEmailOptionsSchema.optional(),
});
export type SendEmailBlock = z.infer<typeof sendEmailBlockSchema>;

export const defaultSendEmailOptions = {
  credentialsId: platformEmailCredentialsId,
  isCustomBody: false,
  isBodyCode: false,
} as const satisfies SendEmailOptions;

export const sendEmailBlock = defineBlock({
  type: "Email",
  schema: sendEmailBlockSchema,
  category: "integration",
  credentials: smtpCredentials,
  defaults: defaultSendEmailOptions,
  catalogue: { label: "Send email", icon: "Mail", keywords: "smtp" },
  getSummary: (block, context) =>
    block.options?.recipients?.length
      ? context.t("sendEmailTo", { recipients: block.options.recipients.join(", ") })
      : null,
  settings: {
    isFieldVisible: (key, options) => (key === "body" ? options.isCustomBody === true : undefined),
    isCodeField: (key, options) => (key === "body" ? options.isBodyCode === true : undefined),
    platformCredentialsId: platformEmailCredentialsId,
    isTestable: true,
    testLabel: "sendTestEmail",
  },
});
