import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { builtInThemeTemplates } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { callApi, createApiBot } from "../../testing/fixtures";

const ocean = builtInThemeTemplates.find((template) => template.id === "builtin-ocean");

describe("theme templates", () => {
  it("lists at least 8 built-in templates, then the workspace's own; members save, replace and delete theirs", async () => {
    const team = await createTestTeam();
    const path = `/themeTemplates?workspaceId=${team.workspaceId}`;
    const listed = await callApi("GET", path, { token: team.guest.token });
    expect(listed.status).toBe(200);
    expect(listed.body.themeTemplates.length).toBeGreaterThanOrEqual(8);
    for (const template of listed.body.themeTemplates) {
      expect(template).toMatchObject({ isBuiltIn: true, workspaceId: null });
      expect(template.id).toMatch(/^builtin-/);
    }
    expect(new Set(listed.body.themeTemplates.map((t: { name: string }) => t.name)).size).toBe(
      listed.body.themeTemplates.length,
    );

    const theme = { chat: { hostBubbles: { backgroundColor: "#123456" } } };
    const save = (token: string, body: Record<string, unknown>, id = "brand-1") =>
      callApi("PUT", `/themeTemplates/${id}`, { token, body: { workspaceId: team.workspaceId, ...body } });
    expect((await save(team.guest.token, { name: "Brand", theme })).status).toBe(403);
    expect((await save(team.outsider.token, { name: "Brand", theme })).status).toBe(403);
    const saved = await save(team.member.token, { name: " Brand ", theme });
    expect(saved.status).toBe(200);
    expect(saved.body.themeTemplate).toMatchObject({
      id: "brand-1",
      name: "Brand",
      theme,
      isBuiltIn: false,
      workspaceId: team.workspaceId,
    });
    const renamed = await save(team.admin.token, { name: "Brand 2", theme: {} });
    expect(renamed.body.themeTemplate).toMatchObject({ name: "Brand 2", theme: {} });
    const own = (await callApi("GET", path, { token: team.guest.token })).body.themeTemplates.filter(
      (template: { isBuiltIn: boolean }) => !template.isBuiltIn,
    );
    expect(own).toEqual([expect.objectContaining({ id: "brand-1", name: "Brand 2" })]);

    const builtIn = await save(team.member.token, { name: "Mine", theme }, "builtin-ocean");
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.issues[0].code).toBe("THEME_TEMPLATE_READ_ONLY");
    expect((await save(team.member.token, { name: "", theme })).body.issues[0].path).toEqual(["name"]);
    expect((await save(team.member.token, { name: "X", theme: { customCss: 5 } })).status).toBe(400);
    // Text PostgreSQL cannot store is refused by the text rule and leaves the template as it was.
    for (const body of [
      { name: "a\u0000b", theme },
      { name: "X", theme: { customCss: "\u0000" } },
    ]) {
      const refused = await save(team.member.token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].code).toBe("INVALID_FIELD");
    }
    expect(await getPrisma().themeTemplate.findUnique({ where: { id: "brand-1" } })).toMatchObject({
      name: "Brand 2",
      theme: {},
    });

    const other = await createTestTeam();
    const stolen = await callApi("PUT", "/themeTemplates/brand-1", {
      token: other.admin.token,
      body: { workspaceId: other.workspaceId, name: "Stolen", theme },
    });
    expect(stolen.body.issues[0].code).toBe("THEME_TEMPLATE_READ_ONLY");
    expect(
      (
        await callApi("DELETE", `/themeTemplates/brand-1?workspaceId=${other.workspaceId}`, {
          token: other.admin.token,
        })
      ).status,
    ).toBe(404);

    const remove = (token: string) =>
      callApi("DELETE", `/themeTemplates/brand-1?workspaceId=${team.workspaceId}`, { token });
    expect((await remove(team.guest.token)).status).toBe(403);
    expect(await remove(team.member.token)).toEqual({ status: 200, body: { message: "success" } });
    expect((await remove(team.member.token)).status).toBe(404);
    expect(await getPrisma().themeTemplate.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("records the template a bot's theme came from; an unknown one is refused, a deleted one unset", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId);
    const patchBot = (fields: Record<string, unknown>) =>
      callApi("PATCH", `/bots/${bot.id}`, { token: team.member.token, body: { bot: fields } });

    const applied = await patchBot({ theme: ocean?.theme, selectedThemeTemplateId: "builtin-ocean" });
    expect(applied.status).toBe(200);
    expect(applied.body.bot.selectedThemeTemplateId).toBe("builtin-ocean");
    expect(applied.body.bot.theme.chat.buttons.backgroundColor).toBe("#0284C7");

    // Editing the theme by hand keeps the template recorded until another is chosen (as in Typebot).
    const edited = await patchBot({
      theme: { ...ocean?.theme, chat: { ...ocean?.theme.chat, buttons: { backgroundColor: "#FF0000" } } },
    });
    expect(edited.body.bot).toMatchObject({
      selectedThemeTemplateId: "builtin-ocean",
      theme: { chat: { buttons: { backgroundColor: "#FF0000" } } },
    });

    const unknown = await patchBot({ selectedThemeTemplateId: "nosuchtemplate" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0]).toMatchObject({
      code: "THEME_TEMPLATE_NOT_FOUND",
      path: ["bot", "selectedThemeTemplateId"],
    });

    await callApi("PUT", "/themeTemplates/brand-2", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, name: "Brand", theme: {} },
    });
    expect((await patchBot({ selectedThemeTemplateId: "brand-2" })).body.bot.selectedThemeTemplateId).toBe(
      "brand-2",
    );
    await callApi("DELETE", `/themeTemplates/brand-2?workspaceId=${team.workspaceId}`, {
      token: team.member.token,
    });
    const after = await callApi("GET", `/bots/${bot.id}`, { token: team.guest.token });
    expect(after.body.bot.selectedThemeTemplateId).toBeNull();
    expect(after.body.bot.theme.chat.buttons.backgroundColor).toBe("#FF0000");

    const other = await createTestTeam();
    await getPrisma().themeTemplate.create({
      data: { id: "elsewhere", workspaceId: other.workspaceId, name: "Theirs", theme: {} },
    });
    const foreign = await patchBot({ selectedThemeTemplateId: "elsewhere" });
    expect(foreign.body.issues[0].code).toBe("THEME_TEMPLATE_NOT_FOUND");
    expect((await patchBot({ selectedThemeTemplateId: null })).body.bot.selectedThemeTemplateId).toBeNull();
  });

  it("an import keeps a built-in or workspace template and forgets another install's, with a warning", async () => {
    const team = await createTestTeam();
    await getPrisma().themeTemplate.create({
      data: { id: "house-style", workspaceId: team.workspaceId, name: "House", theme: {} },
    });
    const exported = (
      await callApi("GET", `/bots/${(await createApiBot(team.member.token, team.workspaceId)).id}`, {
        token: team.member.token,
      })
    ).body.bot;
    const importWith = (selectedThemeTemplateId: string) =>
      callApi("POST", "/bots/import", {
        token: team.member.token,
        body: { workspaceId: team.workspaceId, bot: { ...exported, selectedThemeTemplateId } },
      });
    for (const id of ["builtin-sand", "house-style"]) {
      const imported = await importWith(id);
      expect(imported.status).toBe(200);
      expect(imported.body.bot.selectedThemeTemplateId).toBe(id);
      expect(imported.body.warnings).toEqual([]);
    }
    const typebots = await importWith("typebot-dark");
    expect(typebots.status).toBe(200);
    expect(typebots.body.bot.selectedThemeTemplateId).toBeNull();
    expect(typebots.body.warnings).toEqual([
      expect.objectContaining({
        path: ["selectedThemeTemplateId"],
        message: expect.stringContaining("typebot-dark"),
      }),
    ]);
  });

  it("a workspace keeps at most 100 templates", async () => {
    const team = await createTestTeam();
    await getPrisma().themeTemplate.createMany({
      data: Array.from({ length: 100 }, (_, index) => ({
        id: `t${index}`,
        workspaceId: team.workspaceId,
        name: `T${index}`,
        theme: {},
      })),
    });
    const save = (id: string) =>
      callApi("PUT", `/themeTemplates/${id}`, {
        token: team.member.token,
        body: { workspaceId: team.workspaceId, name: "More", theme: {} },
      });
    const refused = await save("t100");
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].code).toBe("THEME_TEMPLATE_LIMIT_REACHED");
    expect((await save("t5")).body.themeTemplate).toMatchObject({ id: "t5", name: "More" });
    expect(await getPrisma().themeTemplate.count({ where: { workspaceId: team.workspaceId } })).toBe(100);
  });
});
