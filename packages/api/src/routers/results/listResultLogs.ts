import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { type ResultLog, resultLogSchema, resultLogStatuses } from "@parley/schemas/management/results";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { decodeResultsCursor, encodeResultsCursor } from "../../results/resultsCursor";
import { readWriteErrors } from "../errorLists";

const toStatus = (status: string): ResultLog["status"] =>
  (resultLogStatuses as readonly string[]).includes(status) ? (status as ResultLog["status"]) : "info";

export const listResultLogs = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results/{resultId}/logs",
      tags: ["Results"],
      summary: "List a result's logs",
      description:
        "What the blocks reported while the chat ran, oldest first; `nextCursor` pages on (docs/api.md).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.object({
      resultId: idSchema,
      status: z.enum(resultLogStatuses).optional(),
      limit: z.number().int().min(1).max(500).default(100),
      cursor: textSchema.max(200).optional(),
    }),
  )
  .output(z.object({ logs: z.array(resultLogSchema), nextCursor: textSchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const cursor = input.cursor ? decodeResultsCursor(input.cursor) : undefined;
    const result = await ctx.prisma.result.findFirst({
      where: { id: input.resultId, botId: input.botId, isArchived: false },
      select: { id: true },
    });
    if (!result) throw new AppError("NOT_FOUND");
    const rows = await ctx.prisma.log.findMany({
      where: {
        resultId: input.resultId,
        botId: input.botId,
        ...(input.status ? { status: input.status } : {}),
        ...(cursor
          ? {
              OR: [
                { createdAt: { gt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { gt: cursor.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: input.limit + 1,
      select: { id: true, createdAt: true, status: true, description: true, details: true, context: true },
    });
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      logs: page.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        status: toStatus(row.status),
      })),
      nextCursor: rows.length > input.limit && last ? encodeResultsCursor(last) : null,
    };
  });
