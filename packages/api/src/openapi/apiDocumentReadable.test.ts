// Issue 23, item 5: the API document people can read — named components instead of the bot schema inlined
// everywhere, an example request and answer on every operation (valid against its schemas), the result
// webhooks as OpenAPI 3.1 `webhooks`, and a document under 300 KB. The size and the examples are checked in both
// documents: {base_url}'s and the chat runtime's ({chat_url}/api/v1/openapi.json).
import { blockDefinitions } from "@parley/schemas";
import { webhookEvents } from "@parley/schemas/management/webhooks";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { listDocumentOperations } from "./applyOperationExamples";
import { committedDocumentUrls, serializeOpenApiDocument } from "./committedDocument";
import { resolveComponent } from "./compactDocument";
import { createChatOpenApiDocument } from "./createChatOpenApiDocument";
import { createOpenApiDocument } from "./createOpenApiDocument";

interface Document {
  webhooks?: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, unknown>;
    pathItems?: Record<string, Record<string, Operation>>;
  };
  paths: Record<string, Record<string, Operation>>;
}
const document = createOpenApiDocument(committedDocumentUrls) as unknown as Document;
const chatDocument = createChatOpenApiDocument(committedDocumentUrls) as unknown as Document;
type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType>; $ref?: string }>;
}
/** The operation with its shared parameters and answers (`#/components/parameters|responses/…`) written out. */
function withSharedPartsResolved(of: Document, operation: Operation): Operation {
  return {
    ...operation,
    parameters: operation.parameters?.map((parameter) => resolveComponent(of, parameter)),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        resolveComponent(of, response),
      ]),
    ),
  };
}
const operationsOf = (of: Document) =>
  listDocumentOperations(of).map((entry) => ({
    ...entry,
    operation: withSharedPartsResolved(of, entry.operation as Operation),
    name: `${entry.operation.operationId} (${entry.method.toUpperCase()} ${entry.route})`,
  }));
const operations = operationsOf(document);

/** A validator of values against one document's schemas. */
function validatorOf(of: Document, id: string) {
  const base = `https://parley.invalid/${id}`;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, inlineRefs: false });
  ajv.addSchema({ $id: base, components: { schemas: of.components.schemas } });
  /** The schema with its references made absolute (into the document's components). */
  const absolute = (schema: Schema): Schema =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`));
  return (schema: Schema, value: unknown): string | null => {
    const validate = ajv.compile(absolute(schema));
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

const documents = [
  {
    name: "{base_url}'s document",
    document,
    create: () => createOpenApiDocument(committedDocumentUrls),
    errorsOf: validatorOf(document, "openapi.json"),
  },
  {
    name: "the chat runtime's document",
    document: chatDocument,
    create: () => createChatOpenApiDocument(committedDocumentUrls),
    errorsOf: validatorOf(chatDocument, "openapi-chat.json"),
  },
];

describe.each(documents)(
  "the API document people can read: $name",
  ({ document: checked, create, errorsOf }) => {
    const checkedOperations = operationsOf(checked);

    it("is under 300 KB", () => {
      const size = Buffer.byteLength(serializeOpenApiDocument(checked));
      expect(size).toBeLessThan(300 * 1024);
    });

    it("is generated the same way twice (`npm run openapi` after every change)", () => {
      expect(serializeOpenApiDocument(create())).toBe(serializeOpenApiDocument(checked));
    });

    it("has an example request and answer on every operation (add one in operationExamples.ts)", () => {
      const missing: string[] = [];
      for (const { name, operation } of checkedOperations) {
        for (const parameter of operation.parameters ?? [])
          if ((parameter.required || parameter.in === "path") && parameter.example === undefined)
            missing.push(`${name}: parameter ${parameter.name}`);
        for (const [type, mediaType] of Object.entries(operation.requestBody?.content ?? {}))
          if (mediaType.example === undefined) missing.push(`${name}: request body (${type})`);
        for (const [type, mediaType] of Object.entries(operation.responses["200"]?.content ?? {}))
          if (mediaType.example === undefined) missing.push(`${name}: 200 answer (${type})`);
        const hasAny =
          (operation.parameters ?? []).some((parameter) => parameter.example !== undefined) ||
          Object.values(operation.requestBody?.content ?? {}).some(
            (mediaType) => mediaType.example !== undefined,
          ) ||
          Object.values(operation.responses["200"]?.content ?? {}).some(
            (mediaType) => mediaType.example !== undefined,
          );
        if (!hasAny) missing.push(`${name}: no example at all`);
      }
      expect(missing).toEqual([]);
    });

    // One test per operation: the first compiles the shared components, the others reuse them.
    describe("has examples valid against their operation's schemas", () => {
      for (const { name, operation } of checkedOperations)
        it(name, () => {
          const invalid: string[] = [];
          const check = (where: string, schema: Schema | undefined, value: unknown) => {
            if (schema === undefined || value === undefined) return;
            const errors = errorsOf(schema, value);
            if (errors) invalid.push(`${where}: ${errors}`);
          };
          for (const parameter of operation.parameters ?? [])
            check(`parameter ${parameter.name}`, parameter.schema, parameter.example);
          for (const [type, mediaType] of Object.entries(operation.requestBody?.content ?? {}))
            check(`request body (${type})`, mediaType.schema, mediaType.example);
          for (const [type, mediaType] of Object.entries(operation.responses["200"]?.content ?? {}))
            check(`200 answer (${type})`, mediaType.schema, mediaType.example);
          expect(invalid).toEqual([]);
        });
    });
  },
);

describe("the API document people can read", () => {
  it("names its components: the bot document, every block kind, chat messages, inputs, actions, errors", () => {
    const names = Object.keys(document.components.schemas);
    for (const name of [
      "Bot",
      "PublishedBot",
      "BotCreate",
      "BotUpdate",
      "Event",
      "Group",
      "Block",
      "Edge",
      "Variable",
      "Theme",
      "Settings",
      "RichTextNode",
      "Error",
      "ErrorIssue",
      "error.BAD_REQUEST",
      "Result",
      "Answer",
      "Credentials",
      "NewCredentials",
      "Workspace",
      "Folder",
    ])
      expect(names, name).toContain(name);
    // The chat's parts, in the chat runtime's document (which lists the chat endpoints).
    for (const name of [
      "InputBlock",
      "ChatMessage",
      "TextMessage",
      "UserMessage",
      "ChatInput",
      "ClientSideAction",
      "StartChatResponse",
      "ContinueChatResponse",
      "error.BAD_REQUEST",
    ])
      expect(Object.keys(chatDocument.components.schemas), name).toContain(name);
    // The deliveries' bodies, with the webhooks, in both documents.
    for (const described of [document, chatDocument])
      expect(Object.keys(described.components.schemas)).toEqual(
        expect.arrayContaining(["WebhookPayload", "ConversationWebhookPayload", "Result", "Answer"]),
      );
    // A component written nullable in many fields has its nullable form named once (shareNullableReferences).
    expect(document.components.schemas.TimestampOrNull).toEqual({
      anyOf: [{ $ref: "#/components/schemas/Timestamp" }, { type: "null" }],
    });
    const { TimestampOrNull: _named, ...otherSchemas } = document.components.schemas;
    expect(JSON.stringify({ ...document, components: { schemas: otherSchemas } })).not.toContain(
      '"anyOf":[{"$ref":"#/components/schemas/Timestamp"},{"type":"null"}]',
    );
    // Generated names (`__schema0`) are what nobody can read.
    expect(names.filter((name) => name.startsWith("__schema"))).toEqual([]);
    // One component per block kind, each a member of Block.
    const blockMembers = ((document.components.schemas.Block?.oneOf ?? []) as { $ref: string }[]).map(
      (member) => member.$ref.replace("#/components/schemas/", ""),
    );
    expect(blockMembers).toHaveLength(blockDefinitions.length);
    for (const member of blockMembers) expect(names).toContain(member);
    // The errors are the contract's body, shared.
    expect(document.components.schemas["error.FORBIDDEN"]).toMatchObject({
      allOf: [{ $ref: "#/components/schemas/Error" }],
      example: { code: "FORBIDDEN", message: "Insufficient access", issues: [] },
    });
    expect(Object.keys(document.components.responses)).toEqual(
      expect.arrayContaining([
        "BAD_REQUEST",
        "FORBIDDEN",
        "INTERNAL_SERVER_ERROR",
        "NOT_FOUND",
        "SUCCESS",
        "UNAUTHORIZED",
      ]),
    );
    // The plain `{message: "success"}` answer is shared too, with its example.
    expect(document.components.responses.SUCCESS).toMatchObject({
      content: { "application/json": { example: { message: "success" } } },
    });
    expect(document.paths["/folders/{folderId}"]?.delete?.responses?.["200"]).toEqual({
      $ref: "#/components/responses/SUCCESS",
    });
  });

  it("defines a path parameter or an answer several operations repeat once, and refers to it", () => {
    const getBot = document.paths["/bots/{botId}"]?.get;
    expect(getBot?.parameters?.[0]).toEqual({ $ref: "#/components/parameters/botId" });
    expect(resolveComponent(document, getBot?.parameters?.[0])).toMatchObject({ in: "path", name: "botId" });
    // Creating, reading and restoring a bot answer the same `{bot}`, with its example.
    for (const [route, method] of [
      ["/bots", "post"],
      ["/bots/{botId}", "get"],
      ["/bots/{botId}/versions/{version}/restore", "post"],
    ] as const)
      expect(document.paths[route]?.[method]?.responses["200"], `${method} ${route}`).toEqual({
        $ref: "#/components/responses/Bot",
      });
    expect(document.components.responses.Bot).toMatchObject({
      content: { "application/json": { example: { bot: { name: "Lead bot" } } } },
    });
  });

  it("refers to the bot document instead of inlining it in operations", () => {
    for (const { name, operation } of operations) {
      const withoutExamples = JSON.stringify(operation, (key, value) =>
        key === "example" ? undefined : value,
      );
      expect(withoutExamples.length, name).toBeLessThan(8 * 1024);
    }
    const getBot = operations.find(({ route, method }) => route === "/bots/{botId}" && method === "get")
      ?.operation.responses["200"]?.content?.["application/json"]?.schema;
    expect(JSON.stringify(getBot)).toContain('"$ref":"#/components/schemas/Bot"');
  });

  it("describes the result-webhook deliveries as OpenAPI 3.1 webhooks in both documents, signature header included", () => {
    for (const described of [document, chatDocument]) {
      expect(Object.keys(described.webhooks ?? {}).sort()).toEqual([...webhookEvents].sort());
      for (const event of webhookEvents) {
        // Each event refers to the path item of its payload (components/pathItems), which names the event.
        const delivery = resolveComponent(described, described.webhooks?.[event] ?? {})?.post;
        expect(delivery?.description).toContain(`\`${event}\`: `);
        expect(delivery?.requestBody?.content["application/json"]?.schema).toEqual({
          $ref: event.startsWith("conversation.")
            ? "#/components/schemas/ConversationWebhookPayload"
            : "#/components/schemas/WebhookPayload",
        });
        const signature = delivery?.parameters
          ?.map((parameter) => resolveComponent(described, parameter))
          .find((parameter) => parameter.name === "X-Parley-Signature");
        expect(signature).toMatchObject({ in: "header", required: true });
        expect(JSON.stringify(signature)).toContain("HMAC-SHA256");
        const exampleEvent = (
          delivery?.requestBody?.content["application/json"]?.example as { event?: string } | undefined
        )?.event;
        // The example is one of the same payload's events.
        expect(exampleEvent?.startsWith("conversation.")).toBe(event.startsWith("conversation."));
      }
    }
  });
});
