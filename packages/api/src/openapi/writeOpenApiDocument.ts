// npm run openapi: regenerates docs/openapi.json and docs/openapi-chat.json from the routers and the chat
// endpoints (committed; a test fails when either is stale).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { committedDocumentPaths, committedDocumentUrls, serializeOpenApiDocument } from "./committedDocument";
import { createChatOpenApiDocument } from "./createChatOpenApiDocument";
import { createOpenApiDocument } from "./createOpenApiDocument";

for (const [target, document] of [
  [committedDocumentPaths.base, createOpenApiDocument(committedDocumentUrls)],
  [committedDocumentPaths.chat, createChatOpenApiDocument(committedDocumentUrls)],
] as const) {
  writeFileSync(target, serializeOpenApiDocument(document));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
