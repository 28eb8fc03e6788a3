import { conversationMessageSchema, conversationSchema } from "@parley/schemas/management/inbox";
import { jsonValueSchema, textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import {
  conversationMessageSelect,
  conversationSelect,
  toConversation,
  toConversationMessage,
} from "./toConversation";

export const getConversation = conversationProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/conversations/{conversationId}",
      tags: ["Inbox"],
      summary: "Get a conversation with its transcript",
      description: "Its messages oldest first (internal notes included) and the visitor's variables.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(
    z.object({
      conversation: conversationSchema.extend({
        messages: z.array(conversationMessageSchema),
        variables: z.array(z.object({ name: textSchema, value: jsonValueSchema })),
      }),
    }),
  )
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.conversation.findUniqueOrThrow({
      where: { id: input.conversationId },
      select: {
        ...conversationSelect,
        messages: { select: conversationMessageSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      },
    });
    const result = row.resultId
      ? await ctx.prisma.result.findFirst({
          where: { id: row.resultId, workspaceId: ctx.access.workspaceId },
          select: { variables: true },
        })
      : null;
    const { messages, ...conversation } = row;
    return {
      conversation: {
        ...toConversation(conversation),
        messages: messages.map(toConversationMessage),
        variables: toVariables(result?.variables),
      },
    };
  });

/** A result's stored variables (`[{id, name, value}]`) as name and value. */
function toVariables(stored: unknown): { name: string; value: z.infer<typeof jsonValueSchema> }[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((variable) =>
    variable && typeof variable === "object" && typeof variable.name === "string"
      ? [{ name: variable.name, value: variable.value ?? null }]
      : [],
  );
}
