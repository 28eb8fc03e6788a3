import { describe, expect, it } from "vitest";
import { z } from "zod";
import { blockDefinitions } from "./bot/blocks";
import {
  credentialsDefinitions,
  credentialsTypes,
  getCredentialsDefinition,
  newCredentialsSchema,
} from "./credentials";
import { getSecretFields } from "./credentials/defineCredentials";

/** The dotted paths of an object schema's fields, nested objects included, from its JSON Schema. */
function schemaPaths(schema: z.ZodObject): string[] {
  type Node = { properties?: Record<string, Node>; anyOf?: Node[] };
  const walk = (node: Node, prefix: string): string[] =>
    Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
      const object = child.properties ? child : child.anyOf?.find((option) => option.properties);
      return [prefix + key, ...(object ? walk(object, `${prefix}${key}.`) : [])];
    });
  return walk(z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Node, "");
}

describe("credentials definitions", () => {
  it("list each wire type once, and the API's create input accepts exactly those", () => {
    expect(new Set(credentialsTypes).size).toBe(credentialsDefinitions.length);
    for (const type of credentialsTypes) expect(getCredentialsDefinition(type).type).toBe(type);
    const refused = newCredentialsSchema.safeParse({ type: "dropbox", name: "x", data: {} });
    expect(refused.success).toBe(false);
  });

  it("give every field of their schema a label, and no field the schema lacks", () => {
    for (const definition of credentialsDefinitions)
      expect(Object.keys(definition.fields).sort(), definition.type).toEqual(
        schemaPaths(definition.schema).sort(),
      );
  });

  it("mark the keys, tokens and passwords secret", () => {
    const secrets = Object.fromEntries(
      credentialsDefinitions.map((definition) => [definition.type, getSecretFields(definition)]),
    );
    expect(secrets).toEqual({
      openai: ["apiKey"],
      anthropic: ["apiKey"],
      mistral: ["apiKey"],
      "openai-compatible": ["apiKey"],
      smtp: ["password"],
      stripe: ["live.secretKey", "test.secretKey"],
      whatsApp: ["systemUserAccessToken", "appSecret", "verifyToken"],
      telegram: ["botToken", "secretToken"],
      googleSheets: ["private_key"],
      posthog: ["apiKey"],
      segment: ["apiKey"],
      nocodb: ["apiKey"],
      "dify-ai": ["apiKey"],
      gmail: ["clientSecret", "refreshToken"],
      elevenlabs: ["apiKey"],
      "chat-node": ["apiKey"],
      "cal-com": ["apiKey"],
      zendesk: ["apiToken", "conversationsSecretKey"],
    });
  });

  it("are named by the blocks that use them, and every block with credentials names its kind", () => {
    const kinds = Object.fromEntries(
      blockDefinitions.flatMap((definition) =>
        definition.credentials ? [[definition.type, definition.credentials.type]] : [],
      ),
    );
    expect(kinds).toEqual({
      // The agent's default; its `provider` option chooses the kind (settings.credentialsOf, aiAgent.test.ts).
      "AI agent": "openai",
      openai: "openai",
      anthropic: "anthropic",
      mistral: "mistral",
      "openai-compatible": "openai-compatible",
      Email: "smtp",
      "payment input": "stripe",
      "Google Sheets": "googleSheets",
      posthog: "posthog",
      segment: "segment",
      nocodb: "nocodb",
      "dify-ai": "dify-ai",
      gmail: "gmail",
      elevenlabs: "elevenlabs",
      "chat-node": "chat-node",
      "cal-com": "cal-com",
      zendesk: "zendesk",
    });
    for (const definition of blockDefinitions) {
      const options = definition.schema.shape as Record<string, z.ZodType>;
      const optionsSchema = options.options;
      if (!optionsSchema) continue;
      const paths = JSON.stringify(z.toJSONSchema(optionsSchema, { unrepresentable: "any" }));
      if (paths.includes('"credentialsId"'))
        expect(definition.credentials, `${definition.type} has a credentialsId`).toBeDefined();
    }
  });
});
