import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

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
  t: InterfaceTranslator<"MessagingConflict">,
): string | null {
  const latest = others[0];
  if (!answersEveryMessage || !latest) return null;
  const names = others.map((other) => t("quoted", { name: other.name })).join(", ");
  const answering =
    publishedAt !== null && publishedAt > latest.publishedAt
      ? t("answeringThis")
      : publishedAt === null
        ? t("answeringOther", { name: latest.name })
        : t("answeringOtherAgain", { name: latest.name });
  return t("warning", { names, count: others.length, answering });
}
