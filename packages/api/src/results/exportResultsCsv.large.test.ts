import { getPrisma } from "@parley/db";
import { createTestBot, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { fetchApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const COUNT = 100_000;

/**
 * 100,000 results with an answer and two variables each, in one statement: result i was
 * created i seconds before `base`, answered "answer, i", and has `source` = "=cmd i" when i is even.
 */
async function seedResults(bot: { id: string; workspaceId: string }, base: Date) {
  await getPrisma().$executeRaw`
    WITH created AS (
      INSERT INTO "Result" (id, "botId", "workspaceId", "createdAt", variables, "hasStarted", "isCompleted")
      SELECT ${bot.id} || '-' || i, ${bot.id}, ${bot.workspaceId}, ${base}::timestamptz - i * interval '1 second',
        jsonb_build_array(
          jsonb_build_object('id', 'vname', 'name', 'Name', 'value', 'answer, ' || i),
          jsonb_build_object('id', 'vsrc', 'name', 'source', 'value', CASE WHEN i % 2 = 0 THEN '=cmd ' || i END)
        ),
        true, i % 3 = 0
      FROM generate_series(1, ${COUNT}::int) AS i
      RETURNING id
    )
    INSERT INTO "Answer" (id, "resultId", index, "blockId", "groupId", content)
    SELECT id || '-a', id, 0, 'b2', 'g1', 'answer, ' || split_part(id, '-', 2) FROM created`;
}

describe("GET /bots/{botId}/results-csv with 100,000 results", () => {
  it("streams every row, complete and in order", { timeout: 180_000 }, async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId, { name: "Big bot", ...sampleFlow });
    const base = new Date("2026-06-01T00:00:00.000Z");
    await seedResults(bot, base);

    const response = await fetchApi("GET", `/bots/${bot.id}/results-csv`, { token: team.guest.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe(String(COUNT));
    const expectedLine = (i: number) =>
      `${new Date(base.getTime() - i * 1000).toISOString()},"answer, ${i}",,,${i % 2 === 0 ? `'=cmd ${i}` : ""}`;

    // Checked as it arrives, line by line.
    const decoder = new TextDecoder();
    let pending = "";
    let index = -1;
    const mismatches: string[] = [];
    const check = (line: string) => {
      if (index === -1) {
        if (line !== "Submitted at,Name,Welcome,Yes path,source") mismatches.push(`header: ${line}`);
      } else if (line !== expectedLine(index + 1) && mismatches.length < 5) {
        mismatches.push(`row ${index + 1}: ${line}`);
      }
      index++;
    };
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split("\r\n");
      pending = lines.pop() ?? "";
      for (const line of lines) check(line);
    }
    expect(pending).toBe("");
    expect(mismatches).toEqual([]);
    expect(index).toBe(COUNT);
  });
});
