import { auditActionSchema, auditLogEntrySchema } from "@parley/schemas/management/auditLog";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { findAuditLogPage } from "../../audit/findAuditLogPage";
import { decodeResultsCursor, encodeResultsCursor } from "../../results/resultsCursor";
import { readWriteErrors } from "../errorLists";

export const listAuditLog = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/auditLog",
      tags: ["Workspaces"],
      summary: "List the audit log",
      description:
        "ADMIN only. Entries newest first, with members' sign-ins and API tokens; filter by `action` and `actor` (a user id), page with `nextCursor`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.object({
      workspaceId: idSchema,
      action: auditActionSchema.optional(),
      actor: idSchema.optional(),
      limit: z.number().int().min(1).max(100).default(50),
      cursor: textSchema.max(200).optional(),
    }),
  )
  .output(z.object({ entries: z.array(auditLogEntrySchema), nextCursor: textSchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const rows = await findAuditLogPage(
      ctx.prisma,
      { workspaceId: ctx.access.workspaceId, action: input.action, actorId: input.actor },
      { cursor: input.cursor ? decodeResultsCursor(input.cursor) : undefined, limit: input.limit + 1 },
    );
    const entries = rows.slice(0, input.limit);
    const last = entries[entries.length - 1];
    return {
      entries,
      nextCursor:
        rows.length > input.limit && last
          ? encodeResultsCursor({ createdAt: new Date(last.createdAt), id: last.id })
          : null,
    };
  });
