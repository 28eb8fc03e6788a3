import { getChatOpenApiPaths } from "@parley/chat/openapi";
import { errorBodySchema, errorCodes, errorHttpStatuses, errorMessages } from "@parley/schemas";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { z } from "zod";
import { appRouter } from "../routers/appRouter";
import { getResultsCsvOpenApiPaths } from "./resultsCsvOperation";

export interface OpenApiUrls {
  /** {base_url}: the builder. */
  builderUrl: string;
  /** {chat_url}: the viewer. */
  viewerUrl: string;
}

const description = `The REST API of Parley: workspaces, folders, bots, publishing, results, analytics and billing
on \`{base_url}\` (the builder), and the chat runtime on \`{chat_url}\` (the viewer). Both under \`/api/v1\`.

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
  { name: "Folders", description: "Nested folders of bots inside a workspace." },
  { name: "Bots", description: "Bot drafts: create, read, update, import, duplicate, delete." },
  { name: "Publishing", description: "Published versions, the chat key and version history." },
  { name: "Results", description: "The chats of a bot: answers, variables, transcripts, CSV." },
  { name: "Analytics", description: "Statistics over a time range." },
  { name: "Billing", description: "Plan, usage of the current period and invoices." },
  { name: "Chat", description: "The chat runtime, served on {chat_url}." },
  { name: "Account", description: "The caller's own API tokens." },
];

/** The contract's error body, with an example per code, replacing the generator's default. */
function contractErrorSchemas() {
  const schema = z.toJSONSchema(errorBodySchema) as Record<string, unknown>;
  delete schema.$schema;
  return Object.fromEntries(
    errorCodes.map((code) => [
      `error.${code}`,
      {
        ...schema,
        title: `${errorMessages[code]} (${errorHttpStatuses[code]})`,
        example: {
          code,
          message: errorMessages[code],
          issues:
            code === "BAD_REQUEST"
              ? [
                  {
                    message: "Too small: expected string to have >=1 characters",
                    path: ["name"],
                    code: "INVALID_FIELD",
                  },
                ]
              : [],
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every REST endpoint, generated from the routers plus the chat endpoints. */
export function createOpenApiDocument({ builderUrl, viewerUrl }: OpenApiUrls) {
  const document = generateOpenApiDocument(appRouter, {
    title: "Parley API",
    description,
    version: "1.0.0",
    baseUrl: new URL("/api/v1", builderUrl).toString(),
    tags: tags.map((tag) => tag.name),
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "An API token (`bt_…`), or a bot's chat key (`ck_…`) on the chat endpoints.",
      },
    },
    paths: { ...getResultsCsvOpenApiPaths(), ...getChatOpenApiPaths({ chatUrl: viewerUrl }) },
  });
  document.tags = tags;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...contractErrorSchemas() },
  };
  return document;
}
