import { readFileSync } from "node:fs";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { importBot } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { clearUnknownCredentials } from "./clearUnknownCredentials";

const readFixture = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../testing/fixtures", name), "utf8"));

describe("clearUnknownCredentials", () => {
  it("keeps the workspace's credentials and clears the others with a warning each", async () => {
    const workspace = await createWorkspaceWithCredentials([
      { type: "openai", name: "mine", data: { apiKey: "sk-x-123456" } },
    ]);
    const exported = readFixture("ai-assistant.typebot.json");
    // One block already points at credentials of this workspace (re-import inside the same install).
    exported.groups[0].blocks[1].options.credentialsId = workspace.credentialsIds.mine;
    const imported = importBot(exported);
    if (!imported.success) throw new Error(JSON.stringify(imported.issues));
    const { flow, warnings } = await clearUnknownCredentials(
      getPrisma(),
      workspace.workspaceId,
      imported.bot,
    );
    const optionsOf = (block: object) => (block as { options?: Record<string, unknown> }).options;
    const credentialsIds = flow.groups.flatMap((group) =>
      group.blocks.map((block) => optionsOf(block)?.credentialsId),
    );
    expect(credentialsIds.filter(Boolean)).toEqual([workspace.credentialsIds.mine]);
    expect(warnings).toHaveLength(7);
    expect(warnings[0]).toEqual({
      message:
        'The credentials of this "openai" block do not exist in this workspace; choose credentials in its settings',
      path: ["groups", 1, "blocks", 2, "options", "credentialsId"],
    });
    // The rest of each block is untouched.
    expect(optionsOf(flow.groups[3]!.blocks[0]!)).toMatchObject({
      action: "Generate variables",
      model: "mistral-small-latest",
    });
  });

  it("never keeps an id of another workspace", async () => {
    const owner = await createWorkspaceWithCredentials([
      {
        type: "smtp",
        name: "mail",
        data: { host: "smtp.example.com", port: 587, isTlsEnabled: false, from: { email: "a@example.com" } },
      },
    ]);
    const other = await createWorkspaceWithCredentials([]);
    const exported = readFixture("lead-funnel.typebot.json");
    exported.groups[2].blocks[7].options.credentialsId = owner.credentialsIds.mail;
    const imported = importBot(exported);
    if (!imported.success) throw new Error(JSON.stringify(imported.issues));
    const { flow, warnings } = await clearUnknownCredentials(getPrisma(), other.workspaceId, imported.bot);
    expect(JSON.stringify(flow)).not.toContain(owner.credentialsIds.mail);
    expect(warnings.map((warning) => warning.path)).toContainEqual([
      "groups",
      2,
      "blocks",
      7,
      "options",
      "credentialsId",
    ]);
  });
});
