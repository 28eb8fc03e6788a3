import pg from "pg";

/**
 * The baseline: a bare handler doing the same row read and write with raw pg,
 * no framework, no validation, no access check (what the API costs is measured
 * against this).
 */
export function createBareBotHandler(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const handle = async (request: Request): Promise<Response> => {
    const botId = new URL(request.url).pathname.split("/").pop();
    if (request.method === "GET") {
      const { rows } = await pool.query('SELECT * FROM "Bot" WHERE id = $1', [botId]);
      return Response.json({ bot: rows[0] });
    }
    const { bot } = (await request.json()) as { bot: { groups: unknown } };
    const { rows } = await pool.query(
      'UPDATE "Bot" SET groups = $2, "updatedAt" = now() WHERE id = $1 RETURNING *',
      [botId, JSON.stringify(bot.groups)],
    );
    return Response.json({ bot: rows[0] });
  };
  return { handle, close: () => pool.end() };
}
