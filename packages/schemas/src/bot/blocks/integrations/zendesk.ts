import { z } from "zod";
import { zendeskCredentials } from "../../../credentials/zendeskCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility, pluginPropertySchema } from "./pluginOptions";

/**
 * Typebot's `zendesk` plug-in: "Open Web Widget" opens Zendesk's messaging widget in the visitor's page (as the
 * Chatwoot block opens Chatwoot's), the visitor identified by a JWT when the block names a user ID; "Create
 * Ticket" (beyond Typebot) creates a ticket through Zendesk's REST API from the server.
 */
export const zendeskActions = ["Open Web Widget", "Create Ticket"] as const;
export const zendeskActionSchema = z.enum(zendeskActions);
export type ZendeskAction = z.infer<typeof zendeskActionSchema>;

/** Zendesk's ticket priorities. */
export const zendeskPriorities = ["low", "normal", "high", "urgent"] as const;

export const zendeskOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: zendeskActionSchema,
    /** Widget: the web widget's key (the snippet's `key=`); the account's when empty. */
    webWidgetKey: textSchema,
    /** Widget: the visitor's ID in your systems; set, the visitor is signed in with a JWT (`external_id`). */
    userId: textSchema,
    /** Widget: the signed-in visitor's name and e-mail; Create Ticket: the requester's. */
    name: textSchema,
    email: textSchema,
    /** Widget: the JWT says the e-mail is verified (only for e-mails your page checked, never a typed answer). */
    isEmailVerified: z.boolean(),
    /** Create Ticket. */
    subject: textSchema,
    body: textSchema,
    priority: z.enum(zendeskPriorities),
    /** Tags separated by commas or spaces. */
    tags: textSchema,
    /** Custom ticket fields: `key` is the field's ID, `value` its value. */
    customFields: z.array(pluginPropertySchema),
    saveTicketIdInVariableId: textSchema,
    /** Receives the ticket's address in the agent workspace (`https://{subdomain}.zendesk.com/agent/tickets/{id}`). */
    saveTicketUrlInVariableId: textSchema,
  })
  .partial();
export type ZendeskOptions = z.infer<typeof zendeskOptionsSchema>;

export const zendeskBlockSchema = blockBaseSchema.extend({
  type: z.literal("zendesk"),
  options: zendeskOptionsSchema.optional(),
});
export type ZendeskBlock = z.infer<typeof zendeskBlockSchema>;

export const defaultZendeskOptions = {
  action: "Open Web Widget",
  isEmailVerified: false,
} as const satisfies ZendeskOptions;

export const zendeskBlock = defineBlock({
  type: "zendesk",
  schema: zendeskBlockSchema,
  category: "integration",
  credentials: zendeskCredentials,
  defaults: defaultZendeskOptions,
  catalogue: {
    label: "Zendesk",
    icon: "LifeBuoy",
    keywords: "live chat support helpdesk ticket messaging crm",
  },
  getSummary: (block, context) =>
    block.options?.action === "Create Ticket"
      ? block.options.subject
        ? context.t("createTicketAbout", { subject: block.options.subject })
        : context.t("createTicket")
      : context.t("openWebWidget"),
  settings: {
    fieldLabels: {
      action: "Action",
      webWidgetKey: "Web widget key",
      userId: "User ID",
      name: "Name",
      email: "Email",
      isEmailVerified: "The e-mail is verified",
      subject: "Subject",
      body: "Description",
      priority: "Priority",
      tags: "Tags",
      customFields: "Custom fields (field ID and value)",
      saveTicketIdInVariableId: "Save the ticket ID in",
      saveTicketUrlInVariableId: "Save the ticket link in",
    },
    isFieldVisible: getPluginFieldVisibility(
      {
        "Open Web Widget": ["webWidgetKey", "userId", "name", "email", "isEmailVerified"],
        "Create Ticket": [
          "subject",
          "body",
          "name",
          "email",
          "priority",
          "tags",
          "customFields",
          "saveTicketIdInVariableId",
          "saveTicketUrlInVariableId",
        ],
      },
      defaultZendeskOptions.action,
    ),
  },
});
