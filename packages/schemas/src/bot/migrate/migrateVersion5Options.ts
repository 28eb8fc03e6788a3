import { botLinkBlock } from "../blocks/logic/botLink";
import type { JsonPath } from "../indexFlow";
import { getRecords, isRecord, type JsonRecord, type WarningSink } from "./jsonRecords";

const httpRequestBlockTypes = new Set(["Webhook", "Zapier", "Make.com", "Pabbly"]);

/**
 * Option changes of versions ≤ 5 → 6: items lose `blockId`; HTTP requests lose
 * `webhook.id` (and version 3's external `webhookId`); file inputs lose `sizeLimit`;
 * Google Sheets `referenceCell` becomes a one-comparison `filter`; links to other bots
 * keep merging results, which was the default before version 6.
 */
export function migrateVersion5Block(block: JsonRecord, path: JsonPath, warn: WarningSink): void {
  for (const item of getRecords(block.items)) delete item.blockId;
  const options = block.options;
  if (!isRecord(options)) return;
  const type = String(block.type);
  if (httpRequestBlockTypes.has(type)) {
    if (isRecord(options.webhook)) delete options.webhook.id;
    if ("webhookId" in options) {
      delete options.webhookId;
      if (!isRecord(options.webhook))
        warn({
          message:
            "This HTTP request's settings were stored outside the flow in version 3 and were not exported",
          path,
        });
    }
  }
  if (type === "file input") delete options.sizeLimit;
  if (type === "Google Sheets" && isRecord(options.referenceCell)) {
    const { id, column, value } = options.referenceCell;
    options.filter = {
      logicalOperator: "AND",
      comparisons: [
        {
          id: typeof id === "string" ? id : `${String(block.id)}-filter`,
          ...(typeof column === "string" && { column }),
          comparisonOperator: "Equal to",
          ...(typeof value === "string" && { value }),
        },
      ],
    };
    delete options.referenceCell;
  }
  if ((type === "Typebot link" || type === botLinkBlock.type) && options.mergeResults === undefined)
    options.mergeResults = true;
}
