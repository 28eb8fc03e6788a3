import { z } from "zod";
import { textSchema } from "../text";
import { defineCredentials } from "./defineCredentials";

export const smtpCredentialsDataSchema = z.object({
  host: textSchema.trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(587),
  /** On: TLS from the first byte (port 465). Off: STARTTLS when the server offers it. */
  isTlsEnabled: z.boolean().default(false),
  username: textSchema.max(512).optional(),
  password: textSchema.max(4096).optional(),
  from: z.object({
    email: textSchema.trim().email(),
    name: textSchema.trim().max(200).optional(),
  }),
});

/** An SMTP account the Send email block sends through. */
export const smtpCredentials = defineCredentials({
  type: "smtp",
  schema: smtpCredentialsDataSchema,
  label: "SMTP (e-mail)",
  fields: {
    host: { label: "Host", placeholder: "smtp.example.com" },
    port: { label: "Port", placeholder: "587" },
    isTlsEnabled: {
      label: "TLS from the start (port 465)",
      hint: "Off: STARTTLS when the server offers it.",
    },
    username: { label: "Username" },
    password: { label: "Password", isSecret: true },
    from: { label: "Sender" },
    "from.email": { label: "From address", placeholder: "bot@example.com" },
    "from.name": { label: "From name", placeholder: "My bot" },
  },
});
