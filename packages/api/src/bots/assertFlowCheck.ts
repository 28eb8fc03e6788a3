import { AppError } from "@parley/platform/errors";
import { type BotDocument, checkFlow, indexFlow } from "@parley/schemas";
import type { PublishWarning } from "@parley/schemas/management/bots";

/**
 * The flow checker at publish time: its errors stop the publish (BAD_REQUEST, one issue per finding with
 * the rule as its code and the path of the block or group), its warnings are returned to be shown.
 */
export function assertFlowCheck(document: BotDocument): PublishWarning[] {
  const findings = checkFlow(document);
  const errors = findings.filter((finding) => finding.severity === "error");
  if (errors.length > 0) {
    const index = indexFlow(document);
    throw new AppError(
      "BAD_REQUEST",
      errors.map((finding) => ({
        code: finding.rule,
        message: finding.message,
        path: (finding.blockId ? index.blocks.get(finding.blockId)?.path : undefined) ??
          index.groups.get(finding.groupId)?.path ?? ["groups"],
      })),
    );
  }
  return findings.map((finding) => ({
    type: "flowCheck" as const,
    rule: finding.rule,
    message: finding.message,
    groupId: finding.groupId,
    blockId: finding.blockId ?? null,
  }));
}
