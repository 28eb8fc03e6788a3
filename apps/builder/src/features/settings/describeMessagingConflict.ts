/** A published bot answering every first message on the same account. */
export interface UnconditionalBot {
  name: string;
  /** ISO 8601 in UTC: compared as strings, they sort as time does. */
  publishedAt: string;
}

/**
 * The warning of a bot answering every first message while `others` (most recently published first)
 * do too on its account, or null when there is no conflict. Only the most recently published answers.
 */
export function describeMessagingConflict(
  answersEveryMessage: boolean,
  publishedAt: string | null,
  others: readonly UnconditionalBot[],
): string | null {
  const latest = others[0];
  if (!answersEveryMessage || !latest) return null;
  const names = others.map((other) => `“${other.name}”`).join(", ");
  const verb = others.length === 1 ? "is" : "are";
  const answering =
    publishedAt !== null && publishedAt > latest.publishedAt
      ? "this bot."
      : `“${latest.name}”, until this bot is published${publishedAt === null ? "" : " again"}.`;
  return `${names} ${verb} published with messaging on and no start condition, like this bot. Only the most recently published one answers: ${answering} Give a start condition to the bots that should answer only some messages.`;
}
