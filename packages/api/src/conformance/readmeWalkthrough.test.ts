// README.md's "Your first bot over the API", step by step over HTTP as its reader runs it (issue 21, item 12):
// the bot file of the README as it is written there, for two people on the same install, and the outputs it
// shows where they are exact.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useApps } from "./harness";

const apps = useApps();
let readme = "";
beforeAll(async () => {
  readme = await readFile(path.resolve(import.meta.dirname, "../../../../README.md"), "utf8");
});

/** The walkthrough's text, from its heading to the next one. */
const walkthrough = () => readme.split("## Your first bot over the API")[1]?.split("\n## ")[0] ?? "";

/** The first fenced block of `language` after `marker` in the walkthrough. */
function blockAfter(marker: string, language: string): string {
  const text = walkthrough();
  const start = text.indexOf(marker);
  expect(start, `README walkthrough: "${marker}"`).toBeGreaterThanOrEqual(0);
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(start))?.[1];
  expect(block, `README walkthrough: a ${language} block after "${marker}"`).toBeDefined();
  return block ?? "";
}

/** Steps 1 to 5 for one reader: their token and workspace, the README's `greeter.json` as written. */
async function runWalkthrough(token: string, workspaceId: string) {
  const api = (method: string, route: string, body?: unknown) =>
    call(method, `${apps.baseUrl}/api/v1${route}`, { token, body });
  const greeter = JSON.parse(blockAfter("Save this as `greeter.json`", "json"));
  const created = await api("POST", "/bots", { ...greeter, workspaceId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { id: botId, publicId } = created.body.bot;
  expect((await api("POST", `/bots/${botId}/publish`)).status).toBe(200);
  const key = (await api("GET", `/bots/${botId}/chatKey`)).body.chatKey.key;
  const started = await call("POST", `${apps.chatUrl}/api/v1/bots/${publicId}/startChat`, {
    token: key,
    body: { textBubbleContentFormat: "markdown" },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const answered = await call(
    "POST",
    `${apps.chatUrl}/api/v1/sessions/${started.body.sessionId}/continueChat`,
    {
      token: key,
      body: { message: { type: "text", text: "Ada" }, textBubbleContentFormat: "markdown" },
    },
  );
  expect(answered.body.messages[0].content).toEqual({ type: "markdown", markdown: "Nice to meet you, Ada." });
  const results = await api("GET", `/bots/${botId}/results?limit=1`);
  expect(results.status).toBe(200);
  return { publicId, results: results.body };
}

describe("README walkthrough", () => {
  it("runs as written for two people on one install, with the results output the API gives", async () => {
    const [ada, bob] = await Promise.all([createTestTeam(), createTestTeam()]);
    const first = await runWalkthrough(ada.admin.token, ada.workspaceId);
    // The second reader sends the same file: no public id of the first one's in it to collide with.
    const second = await runWalkthrough(bob.admin.token, bob.workspaceId);
    expect(second.publicId).not.toBe(first.publicId);
    for (const { publicId } of [first, second]) expect(publicId).toMatch(/^greeter-[a-z0-9]+$/);

    // The results output as the README shows it: one result on one page, `nextCursor` null.
    expect(second.results.results).toHaveLength(1);
    expect(second.results.nextCursor).toBeNull();
    const shown = blockAfter("The answers are stored as a result of the bot", "json");
    expect(shown).toContain(`"nextCursor":${JSON.stringify(second.results.nextCursor)}`);
  });

  it("says what `user create` prints and where the workspace id comes from", () => {
    expect(readme).toMatch(/`user create` prints the new\s+user's id/);
    expect(walkthrough()).toMatch(/workspace id is the `id` that `GET \/api\/v1\/workspaces`\s+lists/);
  });
});
