import type { Database } from "@parley/db";

/**
 * A fingerprint of every table's content, to prove that a rejected request
 * stored nothing. Columns that reads legitimately touch (when a token or a
 * session was last used) are left out. Each table's fingerprint is its row count and the sum of its rows' 64-bit
 * hashes: independent of row order, so no sort and no string of the whole table per request (the suite's worker
 * database holds every earlier test file's rows).
 */
const TABLES: Record<string, string> = {
  User: `t.id, t.email, t.name, t."passwordHash"`,
  UserSession: `t.id, t."userId", t."expiresAt"`,
  ApiToken: `t.id, t.name, t."revokedAt"`,
  Workspace: "t.*",
  MemberInWorkspace: "t.*",
  Folder: "t.*",
  Bot: "t.*",
  PublishedBot: "t.*",
  ChatKey: "t.*",
  ChatSession: "t.*",
  Result: "t.*",
  Answer: "t.*",
  VisitedEdge: "t.*",
  Log: "t.*",
  Invoice: "t.*",
  Credentials: "t.*",
  KnowledgeBase: "t.*",
  KnowledgeSource: "t.*",
  KnowledgeChunk: `t.id, t."sourceId", t.ordinal, t.text`,
  // A refused request leaves no audit log entry either.
  AuditLogEntry: "t.*",
  Conversation: "t.*",
  ConversationMessage: "t.*",
  ConversationFile: "t.*",
  SessionEvent: "t.*",
  AgentPresence: "t.*",
};

const query = Object.entries(TABLES)
  .map(
    ([table, columns]) =>
      `SELECT '${table}' AS name, count(*)::int AS rows, coalesce(sum(hashtextextended(row(${columns})::text, 0)), 0)::text AS hash FROM "${table}" t`,
  )
  .join(" UNION ALL ");

export async function snapshotTables(prisma: Database): Promise<Record<string, string>> {
  const rows = await prisma.$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(query);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}
