import { z } from "zod";
import { textSchema } from "../text";
import { defineCredentials } from "./defineCredentials";

/**
 * A Google service account's key, as in the JSON file Google's console downloads (its other fields are
 * accepted and dropped, so the whole file can be sent as `data`).
 */
export const googleSheetsCredentialsDataSchema = z.object({
  client_email: textSchema.trim().max(320).email("Must be the service account's e-mail (client_email)"),
  private_key: textSchema
    .trim()
    .max(8192)
    .regex(
      /^-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----$/,
      "Must be the PEM private key (private_key) of the service account's JSON key",
    ),
});

export const googleSheetsCredentials = defineCredentials({
  type: "googleSheets",
  schema: googleSheetsCredentialsDataSchema,
  label: "Google Sheets (service account)",
  fields: {
    client_email: { label: "Service account e-mail" },
    private_key: { label: "Private key", isSecret: true },
  },
  pastedJson: {
    label: "Service account key (JSON)",
    placeholder:
      '{ "type": "service_account", "client_email": "…", "private_key": "-----BEGIN PRIVATE KEY-----…" }',
    hint: "Google Cloud console > IAM > Service accounts > Keys > Add key > JSON: paste the whole file. Then share each spreadsheet with the account's client_email.",
  },
});
