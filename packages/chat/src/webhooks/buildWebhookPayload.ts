import type { Database } from "@parley/db";
import type { WebhookAttemptTarget } from "@parley/db/queries/startWebhookAttempt";
import { getCellValue, getResultColumns } from "@parley/schemas/management/getResultColumns";
import type { Answer, Result } from "@parley/schemas/management/results";
import { resultSelect, toResult } from "@parley/schemas/management/toResult";
import type { FlowStore } from "../core/flows/createFlowStore";

/** The JSON body of a delivery (docs/integrations.md, "Result webhooks"). */
export interface WebhookPayload {
  /** The delivery id (also X-Parley-Delivery-Id): the same on every retry, for de-duplication. */
  id: string;
  event: string;
  /** When the event happened. */
  createdAt: string;
  bot: { id: string; name: string; publicId: string | null };
  /** As GET /bots/{botId}/results lists it. */
  result: Result;
  /** The results table's row: "Submitted at", then one cell per column, by header. */
  values: Record<string, string>;
  /** answer.created: the new answer. */
  answer?: Answer;
}

/**
 * The body of a delivery's first attempt, from the result as it is then. Columns are those of
 * the published version the result ran on (else the bot's current one), computed by the same
 * functions as the results table and the CSV export. Null when the result is gone. The same for
 * every subscription to the event: only the delivery id (added by the caller) differs.
 */
export async function buildWebhookPayload(
  prisma: Database,
  flows: FlowStore,
  delivery: Pick<WebhookAttemptTarget, "event" | "answerIndex" | "createdAt"> & { resultId: string },
): Promise<Omit<WebhookPayload, "id"> | null> {
  const row = await prisma.result.findUnique({
    where: { id: delivery.resultId },
    select: {
      ...resultSelect,
      publishedBotId: true,
      workspaceId: true,
      bot: { select: { id: true, name: true, publicId: true } },
    },
  });
  if (!row) return null;
  const result = toResult(row);
  const flow =
    (row.publishedBotId ? await flows.getPublishedFlow(row.publishedBotId) : null) ??
    (await flows.getCurrentPublishedFlow(row.bot.id, row.workspaceId));
  const columns = getResultColumns(flow ?? { groups: [], variables: [] }, [result]);
  const values: Record<string, string> = { "Submitted at": result.createdAt };
  for (const column of columns) values[column.header] = getCellValue(column, result);
  const payload: Omit<WebhookPayload, "id"> = {
    event: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    bot: row.bot,
    result,
    values,
  };
  if (delivery.answerIndex !== null) {
    const answer = await prisma.answer.findUnique({
      where: { resultId_index: { resultId: delivery.resultId, index: delivery.answerIndex } },
      select: resultSelect.answers.select,
    });
    if (answer) payload.answer = toResult({ ...row, answers: [answer] }).answers[0];
  }
  return payload;
}
