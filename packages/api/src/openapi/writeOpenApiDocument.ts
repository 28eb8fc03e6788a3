// npm run openapi: regenerates docs/openapi.json from the routers (committed; a test fails when it is stale).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { committedDocumentUrls, serializeOpenApiDocument } from "./committedDocument";
import { createOpenApiDocument } from "./createOpenApiDocument";

const target = path.join(import.meta.dirname, "../../../../docs/openapi.json");
writeFileSync(target, serializeOpenApiDocument(createOpenApiDocument(committedDocumentUrls)));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
