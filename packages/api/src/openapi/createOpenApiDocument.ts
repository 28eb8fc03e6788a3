import { errorBodySchema } from "@parley/schemas";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { createDocument } from "zod-openapi";
import { appRouter } from "../routers/appRouter";
import { groupClientErrors, isSameShape, shareQueryParameters } from "./compactDocument";
import { contractOperations } from "./contractOperations";
import { getConversationFileOpenApiPaths } from "./conversationFileOperation";
import { getKnowledgeFileOpenApiPaths } from "./knowledgeFileOperation";
import { bearerAuth, finishDocument, type OpenApiUrls } from "./openApiDocumentParts";
import { getResultsCsvOpenApiPaths } from "./resultsCsvOperation";
import { getResultWebhookOperations, webhookDeliveriesDescription } from "./resultWebhooks";
import { getTranslationsOpenApiPaths } from "./translationsOperation";

const description = `The REST API of Parley: workspaces, folders, bots, publishing, results, analytics and billing
on \`{base_url}\` (the builder), and the chat runtime on \`{chat_url}\` (the viewer). Both under \`/api/v1\`.
The chat runtime's endpoints (start, continue and update a chat, the preview, uploads, streaming, webhook blocks,
WhatsApp and Telegram webhooks…) and their components (\`StartChatResponse\`, \`ChatMessage\`…) are in its own
document, \`{chat_url}/api/v1/openapi.json\`.

**Authentication.** Every endpoint takes \`Authorization: Bearer <token>\`. An API token (\`bt_…\`, created in the
builder under Account > API tokens or with \`npm run cli -- token create\`) acts as its user on every endpoint. A bot's
chat key (\`ck_…\`) authorizes only the chat endpoints of that bot. No header: 401 UNAUTHORIZED; an unknown or revoked
token, or one without access to the record: 403 FORBIDDEN.

**Roles.** GUEST members read; MEMBER members also write bots, folders and results; ADMIN members also manage the
workspace, its members and billing.

**Errors.** Every error body is \`{code, message, issues}\`; \`message\` is the fixed text of the code, details are in
\`issues\` (\`{message, path?, code?}\`, one per invalid field). An endpoint answers only the codes listed for it.

**Conventions.** Timestamps are ISO 8601 in UTC; identifiers are cuid2 strings; absent optional values are \`null\`.
GET and DELETE inputs are query parameters; POST and PATCH inputs are JSON bodies (1 MiB at most).`;

const tags = [
  { name: "Workspaces", description: "Workspaces group bots, folders, members and billing." },
  { name: "Members", description: "Who belongs to a workspace, with which role." },
  {
    name: "Single sign-on",
    description: "A workspace's own identity provider, its enforcement, and the e-mail domains it verified.",
  },
  { name: "Folders", description: "Nested folders of bots inside a workspace." },
  { name: "Bots", description: "Bot drafts: create, read, update, import, duplicate, delete." },
  {
    name: "Sharing",
    description: "One bot shared with a person as VIEWER or EDITOR, without giving its workspace.",
  },
  { name: "Publishing", description: "Published versions, the chat key and version history." },
  {
    name: "Translations",
    description:
      "A bot's texts in its other languages: XLIFF 2.0 and CSV files for translators, machine drafts.",
  },
  { name: "Results", description: "The chats of a bot: answers, variables, transcripts, CSV." },
  { name: "Analytics", description: "Statistics over a time range." },
  { name: "Billing", description: "Plan, usage of the current period and invoices." },
  { name: "Chat", description: "The chat runtime, served on {chat_url}." },
  { name: "Account", description: "The caller's own API tokens." },
  { name: "Instance administration", description: "Operators (`ADMIN_EMAILS`) only: every workspace." },
  {
    name: "Knowledge",
    description:
      "Knowledge bases: documents AI answers are grounded in, indexed in the background, searched by hybrid retrieval.",
  },
  {
    name: "Result webhooks",
    description: `A bot's webhook URLs and the events each receives. ${webhookDeliveriesDescription}`,
  },
];

/**
 * The OpenAPI 3.1 document of {base_url}/api/v1/openapi.json: every REST endpoint of the builder, generated from
 * the routers (the chat runtime's are in its own document).
 */
export function createOpenApiDocument({ builderUrl }: OpenApiUrls) {
  const document = generateOpenApiDocument(appRouter, {
    title: "Parley API",
    description,
    version: "1.0.0",
    baseUrl: new URL("/api/v1", builderUrl).toString(),
    tags: tags.map((tag) => tag.name),
    securitySchemes: { bearerAuth },
    paths: {
      ...getResultsCsvOpenApiPaths(),
      ...getKnowledgeFileOpenApiPaths(),
      ...getConversationFileOpenApiPaths(),
      ...getTranslationsOpenApiPaths(),
    },
    defs: { Error: errorBodySchema },
  });
  document.tags = tags;
  // trpc-to-openapi has no `webhooks`: they are generated alone, then their components joined. The schemas both
  // use (Result, Answer) come from the same zod schemas: the operations' shape is kept.
  const hooks = createDocument({
    openapi: document.openapi as "3.1.0",
    info: document.info,
    webhooks: getResultWebhookOperations(),
  });
  const schemas = { ...document.components?.schemas };
  for (const [name, schema] of Object.entries(hooks.components?.schemas ?? {})) {
    if (schemas[name] === undefined) schemas[name] = schema;
    else if (!isSameShape(schemas[name], schema))
      throw new Error(`The webhooks' component ${name} differs from the operations' one`);
  }
  document.webhooks = hooks.webhooks;
  document.components = { ...document.components, schemas };
  return shareQueryParameters(
    groupClientErrors(finishDocument(document), contractOperations),
    contractOperations,
  );
}
