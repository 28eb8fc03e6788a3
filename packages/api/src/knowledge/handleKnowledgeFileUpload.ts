import { createId, type Database } from "@parley/db";
import { enqueueKnowledgeIndexing } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { loadKnowledgeBaseAccess } from "@parley/platform/access/loadAccess";
import { AppError, badRequest } from "@parley/platform/errors";
import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";
import { idSchema, nameSchema } from "@parley/schemas/management/common";
import {
  knowledgeFileTypes,
  MAX_KNOWLEDGE_FILE_BYTES,
  resolveKnowledgeFileType,
} from "@parley/schemas/management/knowledgeFiles";
import { z } from "zod";
import { recordEditingActivity } from "../access/recordEditingActivity";
import {
  assertRawRouteWorkspace,
  authenticateRawRouteCaller,
  decodePathSegment,
  readQuery,
} from "../rest/rawRouteRequest";
import { knowledgeSourceSelect, toKnowledgeSource } from "../routers/knowledgeBases/toKnowledgeRecords";

/** The path of the upload under the REST mount. */
export const KNOWLEDGE_FILE_PATH = /^\/api\/v1\/knowledgeBases\/([^/]+)\/files$/;

/** Bytes per stored part of a file (one row each, read one at a time when it is indexed). */
const PART_BYTES = 1024 * 1024;

/** Storing 50 parts of 1 MiB may outlast the client's default 20 s on a loaded database. */
const UPLOAD_TRANSACTION = { timeout: 2 * 60_000 };

/** The query of POST /knowledgeBases/{knowledgeBaseId}/files (also read by its OpenAPI operation). */
export const knowledgeFileQuerySchema = z.strictObject({
  name: nameSchema.meta({
    description:
      "The file's name, shown as the source's name; its extension gives the file's type when `Content-Type` is generic (`application/octet-stream`)",
    example: "warranty.pdf",
  }),
});

const fileTooLarge = () =>
  badRequest(`The file is larger than ${MAX_KNOWLEDGE_FILE_BYTES / 1024 / 1024} MB`, "PAYLOAD_TOO_LARGE");

/** The body in parts of PART_BYTES, refused past MAX_KNOWLEDGE_FILE_BYTES whatever Content-Length said. */
async function readParts(request: Request): Promise<{ parts: Buffer[]; size: number }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_KNOWLEDGE_FILE_BYTES) throw fileTooLarge();
  const parts: Buffer[] = [];
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  let size = 0;
  const flush = () => {
    const joined = Buffer.concat(pending);
    for (let start = 0; start + PART_BYTES <= joined.byteLength; start += PART_BYTES)
      parts.push(joined.subarray(start, start + PART_BYTES));
    const rest = joined.subarray(joined.byteLength - (joined.byteLength % PART_BYTES));
    pending = rest.byteLength ? [rest] : [];
    pendingSize = rest.byteLength;
  };
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_KNOWLEDGE_FILE_BYTES) {
        await reader.cancel();
        throw fileTooLarge();
      }
      pending.push(value);
      pendingSize += value.byteLength;
      if (pendingSize >= PART_BYTES) flush();
    }
  }
  if (pendingSize > 0) parts.push(Buffer.concat(pending));
  return { parts, size };
}

/**
 * POST {base_url}/api/v1/knowledgeBases/{knowledgeBaseId}/files?name=…: the request's body is the file (PDF,
 * DOCX, Markdown, HTML, text or CSV, at most 50 MB), its type the `Content-Type` (or the name's extension). It
 * is stored with its new `file` source in one transaction, then indexed in the background like every source.
 * Served by its own handler: the procedures' JSON bodies stop at 1 MiB.
 */
export function createKnowledgeFileUploadHandler(getDatabase: () => Database) {
  return (request: Request, knowledgeBaseIdSegment: string): Promise<Response> =>
    handleWebRequest(request, async () => {
      if (request.method !== "POST") throw new AppError("NOT_FOUND");
      const prisma = getDatabase();
      const user = await authenticateRawRouteCaller(prisma, request, {
        sameOriginForCookie: true,
        operation: "POST /knowledgeBases/{knowledgeBaseId}/files",
      });
      const { knowledgeBaseId } = z
        .object({ knowledgeBaseId: idSchema })
        .parse({ knowledgeBaseId: decodePathSegment(knowledgeBaseIdSegment) });
      const access = await loadKnowledgeBaseAccess(prisma, user.id, knowledgeBaseId, "write");
      assertRawRouteWorkspace(user, access);
      const { name } = knowledgeFileQuerySchema.parse(readQuery(new URL(request.url)));
      const fileType = resolveKnowledgeFileType(request.headers.get("content-type"), name);
      if (!fileType)
        throw badRequest(
          `Unsupported file type: send PDF, DOCX, Markdown, HTML, text or CSV (${Object.keys(knowledgeFileTypes).join(", ")})`,
          "UNSUPPORTED_FILE_TYPE",
        );
      const { parts, size } = await readParts(request);
      if (size === 0) throw badRequest("The file is empty", "FILE_EMPTY");
      const sourceId = createId();
      const row = await prisma.$transaction(async (tx) => {
        const created = await tx.knowledgeSource.create({
          data: { id: sourceId, knowledgeBaseId, type: "file", name, fileType, fileSize: size },
          select: knowledgeSourceSelect,
        });
        for (const [part, bytes] of parts.entries())
          await tx.knowledgeFilePart.create({ data: { sourceId, part, bytes: new Uint8Array(bytes) } });
        return created;
      }, UPLOAD_TRANSACTION);
      await recordEditingActivity(prisma, { workspaceId: access.workspaceId });
      await enqueueKnowledgeIndexing(sourceId);
      return jsonResponse({ source: toKnowledgeSource(row) });
    });
}
