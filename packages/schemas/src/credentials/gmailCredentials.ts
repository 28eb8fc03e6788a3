import { z } from "zod";
import { secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/**
 * A Google account's consent to send mail, as OAuth 2.0 credentials: the OAuth client of the author's Google
 * Cloud project and the refresh token that account granted it (scope `https://www.googleapis.com/auth/gmail.send`).
 */
export const gmailCredentialsDataSchema = z.object({
  clientId: secretSchema.max(512),
  clientSecret: secretSchema,
  refreshToken: secretSchema,
});

export const gmailCredentials = defineCredentials({
  type: "gmail",
  schema: gmailCredentialsDataSchema,
  label: "Gmail (OAuth)",
  fields: {
    clientId: {
      label: "OAuth client ID",
      placeholder: "….apps.googleusercontent.com",
      hint: "Google Cloud console > APIs & Services > Credentials > OAuth client ID (enable the Gmail API in that project).",
    },
    clientSecret: { label: "OAuth client secret", isSecret: true },
    refreshToken: {
      label: "Refresh token",
      isSecret: true,
      hint: "Granted by the sending account to this client with the scope https://www.googleapis.com/auth/gmail.send (for instance in Google's OAuth 2.0 Playground, using your own client).",
    },
  },
});
