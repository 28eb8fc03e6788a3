/**
 * The version a new chat of the bot aliased `bot` starts on (docs/publishing.md, "Canary releases"): while a
 * canary release runs (`CanaryRelease` aliased `canary`, LEFT JOINed on the bot), a draw of `random()` sends
 * `percent` % of new chats to the canary's version, the others to the bot's current version. SQL text for the
 * chat pool's statements: the draw rides on the statement that already reads the bot, so routing adds none.
 */
export function chatVersionSql(bot: string, canary: string): string {
  return `CASE WHEN ${canary}."publishedBotId" IS NOT NULL AND ${bot}."publishedBotId" IS NOT NULL
      AND random() * 100 < ${canary}.percent THEN ${canary}."publishedBotId" ELSE ${bot}."publishedBotId" END`;
}

/** The join that `chatVersionSql` reads, for a bot aliased `bot`. */
export function canaryJoinSql(bot: string, canary: string): string {
  return `LEFT JOIN "CanaryRelease" ${canary} ON ${canary}."botId" = ${bot}.id`;
}
