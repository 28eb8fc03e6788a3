import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";

// Issue 17, items 2 and 5: NUL characters and unpaired surrogates in any string of a body or a query, and bodies
// nested past the limit, are BAD_REQUEST in the contract's body (one INVALID_FIELD issue at the field), and
// nothing is stored; they used to reach PostgreSQL (500) or exhaust the stack.

const illFormed = ["a\u0000b", "\ud800", "x\udc00y"];

function expectInvalidField(response: { status: number; body: unknown }, path: (string | number)[]) {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    code: "BAD_REQUEST",
    message: "Invalid input data",
    issues: [
      {
        message: "Must not contain NUL characters (U+0000) or unpaired surrogates",
        path,
        code: "INVALID_FIELD",
      },
    ],
  });
}

describe("text the REST API refuses", () => {
  it("answers 400 at the field for workspace, folder and bot strings, and stores nothing", async () => {
    const team = await createTestTeam();
    const token = team.admin.token;
    const created = await callApi("POST", "/bots", {
      token,
      body: { workspaceId: team.workspaceId, bot: { name: "Kept" } },
    });
    const botId = created.body.bot.id as string;
    for (const value of illFormed) {
      expectInvalidField(
        await callApi("PATCH", `/workspaces/${team.workspaceId}`, { token, body: { name: value } }),
        ["name"],
      );
      expectInvalidField(
        await callApi("PATCH", `/workspaces/${team.workspaceId}`, {
          token,
          body: { name: "ok", icon: value },
        }),
        ["icon"],
      );
      expectInvalidField(
        await callApi("POST", "/folders", {
          token,
          body: { workspaceId: team.workspaceId, folder: { name: value } },
        }),
        ["folder", "name"],
      );
      for (const [bot, path] of [
        [{ name: value }, ["bot", "name"]],
        [{ icon: value }, ["bot", "icon"]],
        [{ customDomain: value }, ["bot", "customDomain"]],
        [{ theme: { customCss: value } }, ["bot", "theme", "customCss"]],
        [{ settings: { metadata: { title: value } } }, ["bot", "settings", "metadata", "title"]],
        [{ variables: [{ id: "v1", name: "x", value }] }, ["bot", "variables", 0, "value"]],
      ] as const) {
        expectInvalidField(await callApi("PATCH", `/bots/${botId}`, { token, body: { bot } }), [...path]);
      }
    }
    // A key breaks the rule too, wherever it is (reported at its object).
    const key = await callApi("PATCH", `/bots/${botId}`, {
      token,
      body: { bot: { settings: { "a\u0000": 1 } } },
    });
    expect(key.status).toBe(400);
    expect(key.body.issues).toEqual([
      {
        message: "Has a key with NUL characters (U+0000) or unpaired surrogates",
        path: ["bot", "settings"],
        code: "INVALID_FIELD",
      },
    ]);
    const stored = await getPrisma().bot.findUniqueOrThrow({ where: { id: botId } });
    expect(stored.name).toBe("Kept");
    expect(await getPrisma().folder.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("answers 400 for a query parameter that decodes to a NUL", async () => {
    const team = await createTestTeam();
    const response = await callApi("GET", "/bots?workspaceId=a%00b", { token: team.admin.token });
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ path: ["workspaceId"], code: "INVALID_FIELD" });
  });
});

describe("nesting the REST API refuses", () => {
  it("answers 400 INVALID_FIELD for a body nested deeper than 64 levels, even in an ignored field", async () => {
    const team = await createTestTeam();
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const body = `{"workspaceId":"${team.workspaceId}","folder":{"name":"Deep"},"ignored":${deep}}`;
    const response = await callApi("POST", "/folders", { token: team.admin.token, body });
    expect(response).toEqual({
      status: 400,
      body: {
        code: "BAD_REQUEST",
        message: "Invalid input data",
        issues: [{ message: "The body is nested deeper than 64 levels", code: "INVALID_FIELD" }],
      },
    });
    // 64 levels pass the depth check: the field is then refused by name, as any key the endpoint does not take.
    const shallow = `{"workspaceId":"${team.workspaceId}","folder":{"name":"Ok"},"ignored":${"[".repeat(62)}${"]".repeat(62)}}`;
    expect(
      (await callApi("POST", "/folders", { token: team.admin.token, body: shallow })).body.issues,
    ).toEqual([
      { message: "Unknown field: this endpoint does not take it", path: ["ignored"], code: "UNKNOWN_FIELD" },
    ]);
  });
});
