import { z } from "zod";
import { gmailCredentials } from "../../../credentials/gmailCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility } from "./pluginOptions";

/** The one action of Typebot's `gmail` plug-in. */
export const gmailActions = ["Send email"] as const;
export const gmailActionSchema = z.enum(gmailActions);

/** What the sent message's variables may receive. */
export const gmailResponseItems = ["Message ID", "Thread ID"] as const;

export const gmailOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: gmailActionSchema,
    /** Recipients, comma-separated. */
    to: textSchema,
    subject: textSchema,
    body: textSchema,
    /** The files to attach: their URLs, or a variable holding them (Typebot stores the variable id). */
    attachments: textSchema,
    /** A label id of the mailbox, added to the sent message. */
    label: textSchema,
    /** `Name <address>`; the account's own address when empty. */
    from: textSchema,
    /** Sends the message as a reply in this Gmail thread. */
    threadId: textSchema,
    replyTo: textSchema,
    responseMapping: z.array(
      z.object({ id: textSchema, item: z.enum(gmailResponseItems), variableId: textSchema }).partial(),
    ),
  })
  .partial();
export type GmailOptions = z.infer<typeof gmailOptionsSchema>;

export const gmailBlockSchema = blockBaseSchema.extend({
  type: z.literal("gmail"),
  options: gmailOptionsSchema.optional(),
});
export type GmailBlock = z.infer<typeof gmailBlockSchema>;

export const defaultGmailOptions = { action: "Send email" } as const satisfies GmailOptions;

export const gmailBlock = defineBlock({
  type: "gmail",
  schema: gmailBlockSchema,
  category: "integration",
  credentials: gmailCredentials,
  defaults: defaultGmailOptions,
  catalogue: { label: "Gmail", icon: "Mail", keywords: "email mail google send gmail" },
  getSummary: (block, context) =>
    block.options?.to ? context.t("sendEmailTo", { recipients: block.options.to }) : null,
  settings: {
    fieldLabels: {
      action: "Action",
      to: "To",
      subject: "Subject",
      body: "Body",
      attachments: "Attachments (file URLs, or {{a file variable}})",
      label: "Label ID",
      from: "From",
      threadId: "Thread ID (reply in that thread)",
      replyTo: "Reply to",
      responseMapping: "Save the response in variables",
    },
    isFieldVisible: getPluginFieldVisibility(
      {
        "Send email": [
          "to",
          "subject",
          "body",
          "attachments",
          "label",
          "from",
          "threadId",
          "replyTo",
          "responseMapping",
        ],
      },
      defaultGmailOptions.action,
    ),
  },
});
