import path from "node:path";

/** docs/openapi.json is generated for the default local URLs, so it does not depend on the machine. */
export const committedDocumentUrls = {
  builderUrl: "http://localhost:3000",
  viewerUrl: "http://localhost:3001",
};

const docsFolder = path.join(import.meta.dirname, "../../../../docs");

/** Where `npm run openapi` writes {base_url}'s document and the chat runtime's. */
export const committedDocumentPaths = {
  base: path.join(docsFolder, "openapi.json"),
  chat: path.join(docsFolder, "openapi-chat.json"),
};

/**
 * Compact JSON with one line per top-level field, per path and per component schema:
 * pretty-printing the inlined bot schemas made the file several MiB, while a line per
 * operation keeps `git diff` of a changed procedure readable.
 */
export function serializeOpenApiDocument(document: object): string {
  const definedEntries = (record: object) =>
    Object.entries(record).filter(([, value]) => value !== undefined);
  const lineEach = (record: object) =>
    `{\n${definedEntries(record)
      .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
      .join(",\n")}\n}`;
  const fields = definedEntries(document).map(([key, value]) => {
    if (key === "paths") return `"paths":${lineEach(value)}`;
    if (key === "components") {
      const { schemas, ...others } = value as { schemas?: object };
      const parts = definedEntries(others).map(
        ([name, part]) => `${JSON.stringify(name)}:${JSON.stringify(part)}`,
      );
      if (schemas) parts.push(`"schemas":${lineEach(schemas)}`);
      return `"components":{\n${parts.join(",\n")}\n}`;
    }
    return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  });
  return `{\n${fields.join(",\n")}\n}\n`;
}
