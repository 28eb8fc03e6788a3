import { z } from "zod";
import { textSchema } from "../text";
import { secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** A WhatsApp Cloud API phone number: the token sends, the app secret signs webhooks, the verify token subscribes. */
export const whatsAppCredentialsDataSchema = z.object({
  systemUserAccessToken: secretSchema,
  phoneNumberId: textSchema
    .trim()
    .regex(/^[0-9]{1,32}$/, "Must be the phone number ID (digits) from Meta's console"),
  appSecret: secretSchema,
  verifyToken: secretSchema,
});

export const whatsAppCredentials = defineCredentials({
  type: "whatsApp",
  schema: whatsAppCredentialsDataSchema,
  label: "WhatsApp",
  fields: {
    systemUserAccessToken: {
      label: "System user access token",
      isSecret: true,
      hint: "Meta Business settings > System users: a permanent token with whatsapp_business_messaging.",
    },
    phoneNumberId: {
      label: "Phone number ID",
      placeholder: "109876543210987",
      hint: "WhatsApp > API setup in your Meta app (the ID, not the phone number).",
    },
    appSecret: {
      label: "App secret",
      isSecret: true,
      hint: "App settings > Basic: webhook calls signed with another secret are refused.",
    },
    verifyToken: {
      label: "Verify token",
      isSecret: true,
      hint: "Any string you choose; paste the same one in the webhook settings of your Meta app.",
    },
  },
});
