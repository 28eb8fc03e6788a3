import type { z } from "zod";

/**
 * The processes of an install: the two Next.js apps, `npm run chat-server`, the CLI (`npm run cli`, the image's
 * `parley`) and the launcher (`npm start`, `npm run dev`, `npm run start:prod`, `npm run migrate`).
 */
export type ProcessRole = "builder" | "viewer" | "chat-server" | "cli" | "launcher";

/** The headings of docs/configuration.md and parley.env.example, in their order. */
export const configSections = [
  "Database and files",
  "Processes and public URLs",
  "Accounts and sign-in",
  "Single sign-on",
  "Chat runtime",
  "Rate limits",
  "Uploaded files",
  "Result webhooks",
  "Outbound requests and integrations",
  "E-mail",
  "Payments",
  "Messaging channels",
] as const;
export type ConfigSection = (typeof configSections)[number];

/** One environment variable: how it is validated, what it means and who reads it. */
export interface ConfigVariable<Schema extends z.ZodType = z.ZodType> {
  /** Parses the variable's text (undefined when unset or empty) into its value, default applied. */
  schema: Schema;
  /** One paragraph of docs/configuration.md (Markdown). */
  description: string;
  section: ConfigSection;
  readBy: readonly ProcessRole[];
  /** A secret may also be given as `<NAME>_FILE`, the path of a file holding it; it is never echoed in errors. */
  secret?: boolean;
  /** The default as docs say it, when it is not the schema's own (derived from another variable, computed). */
  defaultText?: string;
  /** A value shown in parley.env.example (commented out); without it, the default or nothing. */
  example?: string;
}

/** Declares a variable (an identity function that keeps the schema's type for the readers). */
export function defineVariable<Schema extends z.ZodType>(
  variable: ConfigVariable<Schema>,
): ConfigVariable<Schema> {
  return variable;
}
