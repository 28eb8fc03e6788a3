import { z } from "zod";
import { textSchema } from "../text";
import { secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/**
 * The account's name in `https://{subdomain}.zendesk.com`: the name alone (`acme`), that host, or a full
 * http(s) origin (a test server, a proxy in front of the API).
 */
export const zendeskSubdomainSchema = textSchema
  .trim()
  .min(1, "Must not be empty")
  .max(255)
  .refine(
    (value) => /^[a-z0-9][a-z0-9-]*(\.zendesk\.com)?$/i.test(value) || /^https?:\/\/[^\s/]+\/?$/i.test(value),
    "Must be the account's subdomain (acme), acme.zendesk.com or an http(s) origin",
  );

/**
 * A Zendesk account. Tickets: the subdomain, an agent's e-mail and an API token (basic auth
 * `{email}/token:{apiToken}`). The messaging widget: its key, and for identified visitors a messaging signing
 * key (Typebot's "Conversations Key ID" and "Secret Key") whose secret signs the JWT Zendesk checks.
 */
export const zendeskCredentialsDataSchema = z.object({
  subdomain: zendeskSubdomainSchema.optional(),
  email: textSchema.trim().max(320).optional(),
  apiToken: secretSchema.optional(),
  webWidgetKey: textSchema.trim().max(200).optional(),
  conversationsKeyId: textSchema.trim().max(200).optional(),
  conversationsSecretKey: secretSchema.optional(),
});
export type ZendeskCredentialsData = z.infer<typeof zendeskCredentialsDataSchema>;

export const zendeskCredentials = defineCredentials({
  type: "zendesk",
  schema: zendeskCredentialsDataSchema,
  label: "Zendesk",
  fields: {
    subdomain: {
      label: "Subdomain",
      placeholder: "acme",
      hint: "For tickets: the name in https://acme.zendesk.com.",
    },
    email: {
      label: "Agent e-mail",
      placeholder: "agent@example.com",
      hint: "For tickets: the e-mail of the agent the API token acts for.",
    },
    apiToken: {
      label: "API token",
      isSecret: true,
      hint: "For tickets: Admin Center > Apps and integrations > APIs > Zendesk API > Add API token.",
    },
    webWidgetKey: {
      label: "Web widget key",
      hint: "For the messaging widget: Admin Center > Channels > Messaging > your web widget > Installation (key=… in the snippet). A block may name its own.",
    },
    conversationsKeyId: {
      label: "Messaging key ID",
      placeholder: "app_…",
      hint: "For identified visitors: Admin Center > Account > Security > End user authentication > Messaging > Create key.",
    },
    conversationsSecretKey: {
      label: "Messaging secret key",
      isSecret: true,
      hint: "The secret of that key: it signs the visitor's JWT on this server and never reaches the page.",
    },
  },
});
