import { getChatOpenApiPaths } from "@parley/chat/openapi";
import { errorBodySchema } from "@parley/schemas";
import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import { bearerAuth, finishDocument, type OpenApiUrls } from "./openApiDocumentParts";
import { getResultWebhookOperations, webhookDeliveriesDescription } from "./resultWebhooks";

const chatDescription = `The chat runtime of Parley, served on \`{chat_url}\` (the viewer, and \`npm run chat-server\`)
under \`/api/v1\`: starting and continuing chats, uploads, streamed AI answers, the webhook blocks, the WhatsApp and
Telegram webhooks and payment links; and, as OpenAPI \`webhooks\`, what it POSTs to a bot's webhook URLs. The management API (workspaces, bots, results…) is in
\`{base_url}/api/v1/openapi.json\`.

**Authentication.** A bot's chat key (\`ck_…\`, from publishing) authorizes the chat endpoints of that bot; an API
token (\`bt_…\`) acts as its user. No header: 401 UNAUTHORIZED; an unknown or revoked key or token: 403
FORBIDDEN. The messaging platforms' webhooks are authenticated by their signature or verify token instead.

**Errors.** Every error body is \`{code, message, issues}\`; \`message\` is the fixed text of the code, details are in
\`issues\` (\`{message, path?, code?}\`), whose \`code\` names the reason (SESSION_NOT_FOUND, RATE_LIMITED…).`;

/** The OpenAPI 3.1 document of {chat_url}/api/v1/openapi.json: every documented endpoint of the chat runtime. */
export function createChatOpenApiDocument({ viewerUrl }: Pick<OpenApiUrls, "viewerUrl">) {
  const document = createDocument({
    openapi: "3.1.0",
    info: { title: "Parley chat runtime API", description: chatDescription, version: "1.0.0" },
    servers: [{ url: new URL("/api/v1", viewerUrl).toString() }],
    tags: [
      { name: "Chat", description: "The chat runtime, served on {chat_url}." },
      {
        name: "Result webhooks",
        description: webhookDeliveriesDescription,
      },
    ],
    paths: getChatOpenApiPaths({ chatUrl: viewerUrl }),
    // What the chat runtime POSTs to a bot's webhook URLs (subscriptions are managed on {base_url}).
    webhooks: getResultWebhookOperations(),
    components: { securitySchemes: { bearerAuth }, schemas: { Error: errorBodySchema } },
  } satisfies ZodOpenApiObject);
  return finishDocument(document);
}
