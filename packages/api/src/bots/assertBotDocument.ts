import { AppError } from "@parley/platform/errors";
import { type BotDocument, checkBotIntegrity } from "@parley/schemas";

/**
 * The integrity checks of a flow (edges pointing at existing groups and
 * blocks, unique ids, a start event, known variables): one issue per
 * violation, its path under `pathPrefix` (e.g. ["bot"]).
 */
export function assertBotDocument(document: BotDocument, pathPrefix: (string | number)[]) {
  const issues = checkBotIntegrity(document);
  if (issues.length > 0) {
    throw new AppError(
      "BAD_REQUEST",
      issues.map((issue) => ({ ...issue, path: [...pathPrefix, ...(issue.path ?? [])] })),
    );
  }
}
