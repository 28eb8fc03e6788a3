/** docs/openapi.json is generated for the default local URLs, so it does not depend on the machine. */
export const committedDocumentUrls = {
  builderUrl: "http://localhost:3000",
  viewerUrl: "http://localhost:3001",
};

export function serializeOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
