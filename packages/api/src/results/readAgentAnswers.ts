import type { Database } from "@parley/db";
import { AI_AGENT_ANSWER_LOG } from "@parley/engine";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import type { AgentAnswer } from "./computeTranscript";

const loggedAnswerSchema = z.object({
  answerIndex: z.number().int().min(0),
  answer: textSchema,
  sources: z.array(z.object({ name: textSchema })),
});

/** The AI agents' answers of a result, from the log each answer leaves (a log that does not parse is left out). */
export async function readAgentAnswers(prisma: Database, resultId: string): Promise<AgentAnswer[]> {
  const logs = await prisma.log.findMany({
    where: { resultId, description: { startsWith: AI_AGENT_ANSWER_LOG } },
    orderBy: { createdAt: "asc" },
    select: { context: true, details: true },
  });
  return logs.flatMap((log) => {
    try {
      const parsed = loggedAnswerSchema.safeParse(JSON.parse(log.details ?? ""));
      if (!parsed.success || !log.context) return [];
      const { answerIndex, answer, sources } = parsed.data;
      return [{ answerIndex, blockId: log.context, text: answer, sources }];
    } catch {
      return [];
    }
  });
}
