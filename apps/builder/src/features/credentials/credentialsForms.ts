import type { CredentialsType } from "@parley/schemas/credentials";

export const credentialsTypeLabels: Record<CredentialsType, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  mistral: "Mistral",
  "openai-compatible": "OpenAI-compatible server",
  smtp: "SMTP (e-mail)",
  stripe: "Stripe",
  whatsApp: "WhatsApp",
  telegram: "Telegram",
  googleSheets: "Google Sheets (service account)",
};

export interface CredentialsFieldDefinition {
  /** Path in `data`, dot-separated (`from.email`, `live.secretKey`); a `json` field's own name. */
  key: string;
  label: string;
  /** `json`: a pasted JSON object whose fields become `data`'s (a downloaded key file). */
  kind: "text" | "secret" | "number" | "boolean" | "url" | "email" | "json";
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

const aiFields = (provider: string, baseUrlPlaceholder: string): CredentialsFieldDefinition[] => [
  {
    key: "apiKey",
    label: "API key",
    kind: "secret",
    required: true,
    hint: `The ${provider} API key; it cannot be read back once saved.`,
  },
  {
    key: "baseUrl",
    label: "Base URL",
    kind: "url",
    placeholder: baseUrlPlaceholder,
    hint: "Only for a proxy or gateway; the key is sent there and nowhere else.",
  },
];

/** The fields of the "new credentials" form, per type. */
export const credentialsFields: Record<CredentialsType, CredentialsFieldDefinition[]> = {
  openai: aiFields("OpenAI", "https://api.openai.com/v1"),
  anthropic: aiFields("Anthropic", "https://api.anthropic.com"),
  mistral: aiFields("Mistral", "https://api.mistral.ai/v1"),
  "openai-compatible": [
    {
      key: "baseUrl",
      label: "Base URL",
      kind: "url",
      required: true,
      placeholder: "https://api.groq.com/openai/v1",
      hint: "Up to the version segment: Groq, Together, OpenRouter, DeepSeek, Ollama (http://host:11434/v1), vLLM, LM Studio.",
    },
    { key: "apiKey", label: "API key", kind: "secret", hint: "Leave empty for servers without one." },
  ],
  smtp: [
    { key: "host", label: "Host", kind: "text", required: true, placeholder: "smtp.example.com" },
    { key: "port", label: "Port", kind: "number", required: true, placeholder: "587" },
    {
      key: "isTlsEnabled",
      label: "TLS from the start (port 465)",
      kind: "boolean",
      hint: "Off: STARTTLS when the server offers it.",
    },
    { key: "username", label: "Username", kind: "text" },
    { key: "password", label: "Password", kind: "secret" },
    {
      key: "from.email",
      label: "From address",
      kind: "email",
      required: true,
      placeholder: "bot@example.com",
    },
    { key: "from.name", label: "From name", kind: "text", placeholder: "My bot" },
  ],
  stripe: [
    {
      key: "live.publicKey",
      label: "Live publishable key",
      kind: "text",
      required: true,
      placeholder: "pk_live_…",
    },
    {
      key: "live.secretKey",
      label: "Live secret key",
      kind: "secret",
      required: true,
      placeholder: "sk_live_…",
    },
    {
      key: "test.publicKey",
      label: "Test publishable key",
      kind: "text",
      placeholder: "pk_test_…",
      hint: "Test keys are used in previews.",
    },
    { key: "test.secretKey", label: "Test secret key", kind: "secret", placeholder: "sk_test_…" },
  ],
  whatsApp: [
    {
      key: "systemUserAccessToken",
      label: "System user access token",
      kind: "secret",
      required: true,
      hint: "Meta Business settings > System users: a permanent token with whatsapp_business_messaging.",
    },
    {
      key: "phoneNumberId",
      label: "Phone number ID",
      kind: "text",
      required: true,
      placeholder: "109876543210987",
      hint: "WhatsApp > API setup in your Meta app (the ID, not the phone number).",
    },
    {
      key: "appSecret",
      label: "App secret",
      kind: "secret",
      required: true,
      hint: "App settings > Basic: webhook calls signed with another secret are refused.",
    },
    {
      key: "verifyToken",
      label: "Verify token",
      kind: "secret",
      required: true,
      hint: "Any string you choose; paste the same one in the webhook settings of your Meta app.",
    },
  ],
  telegram: [
    {
      key: "botToken",
      label: "Bot token",
      kind: "secret",
      required: true,
      placeholder: "123456789:AAF…",
      hint: "The token BotFather gave when you created the bot.",
    },
    {
      key: "secretToken",
      label: "Webhook secret token",
      kind: "secret",
      required: true,
      hint: "1-256 letters, digits, _ or -; Telegram sends it with every update so others cannot.",
    },
  ],
  googleSheets: [
    {
      key: "serviceAccountKey",
      label: "Service account key (JSON)",
      kind: "json",
      required: true,
      placeholder:
        '{ "type": "service_account", "client_email": "…", "private_key": "-----BEGIN PRIVATE KEY-----…" }',
      hint: "Google Cloud console > IAM > Service accounts > Keys > Add key > JSON: paste the whole file. Then share each spreadsheet with the account's client_email.",
    },
  ],
};

export type CredentialsFormValues = Record<string, string | boolean>;

/**
 * The form's values as the API's `data`: nested, numbers parsed, empty optional fields left out, pasted
 * JSON objects spread. Throws, with a message for the form, when pasted JSON is not an object.
 */
export function buildCredentialsData(
  type: CredentialsType,
  values: CredentialsFormValues,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of credentialsFields[type]) {
    const raw = values[field.key];
    if (raw === undefined || raw === "") continue;
    if (field.kind === "json") {
      Object.assign(data, parseJsonObject(String(raw), field.label));
      continue;
    }
    const value = field.kind === "number" ? Number(raw) : typeof raw === "string" ? raw.trim() : raw;
    const segments = field.key.split(".");
    let target = data;
    for (const segment of segments.slice(0, -1)) {
      target[segment] ??= {};
      target = target[segment] as Record<string, unknown>;
    }
    target[segments.at(-1)!] = value;
  }
  return data;
}

function parseJsonObject(text: string, label: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below like any other value that is not a JSON object.
  }
  throw new Error(`${label}: paste the whole JSON file, from { to }`);
}

/** Initial values: the SMTP port and TLS switch have sensible starting points. */
export const initialCredentialsValues = (type: CredentialsType): CredentialsFormValues =>
  type === "smtp" ? { port: "587", isTlsEnabled: false } : {};
