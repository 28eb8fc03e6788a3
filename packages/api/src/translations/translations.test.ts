import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { group, startEdge, startEvent, textOf } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi, fetchApi } from "../testing/fixtures";

const { chat } = createTestChat();
const prisma = getPrisma();

/** A bot in English and French: a bubble with bold and a variable, a text input, a choice, nothing translated. */
const bilingualFlow = (languages: Record<string, unknown> = {}) => ({
  events: [startEvent],
  groups: [
    group(
      "g-1",
      [
        {
          id: "b-hello",
          type: "text",
          content: {
            richText: [
              {
                type: "p",
                children: [{ text: "Hello " }, { text: "dear", bold: true }, { text: " {{Name}}!" }],
              },
            ],
          },
        },
        {
          id: "b-name",
          type: "text input",
          options: { variableId: "v-name", labels: { placeholder: "Your name" } },
        },
        {
          id: "b-pick",
          type: "choice input",
          items: [
            { id: "i-yes", content: "Yes" },
            { id: "i-no", content: "No" },
          ],
          options: { variableId: "v-pick" },
        },
      ],
      { title: "Welcome" },
    ),
  ],
  edges: [startEdge("g-1")],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-pick", name: "Pick" },
  ],
  settings: { languages: { defaultLanguage: "en", languages: ["fr"], ...languages } },
});

/** French for the words of the bot's English texts. */
const french: Record<string, string> = {
  "Hello ": "Bonjour ",
  dear: "cher",
  "Your name": "Votre nom",
  Send: "Envoyer",
  Yes: "Oui",
  No: "Non",
  "Invalid message. Please, try again.": "Message invalide. Réessayez.",
};

/** What a translator's tool does with an exported XLIFF: a target for each unit, the words translated. */
function translateXliff(xliff: string, state: string): string {
  return xliff.replace(
    /<segment state="initial">(\s*)<source xml:space="preserve">(.*?)<\/source>/gs,
    (_match, space: string, source: string) => {
      const target = source.replace(/>([^<]+)</g, (whole, words: string) =>
        french[words] ? `>${french[words]}<` : whole,
      );
      const whole = french[source] ?? target;
      return `<segment state="${state}">${space}<source xml:space="preserve">${source}</source><target xml:space="preserve">${whole}</target>`;
    },
  );
}

async function startInFrench(publicId: string, chatKey: string) {
  return readResponse(
    await chat(chatRequest(`/bots/${publicId}/startChat`, { token: chatKey, body: { language: "fr" } })),
  );
}

describe("GET and PUT /bots/{botId}/translations/{language}", () => {
  it("exports XLIFF 2.0, imports it translated, and the bot then answers in French (publish waits for reviews)", async () => {
    const bot = await createPublishedTestBot(bilingualFlow({ publishOnlyReviewed: true }));
    const token = bot.owner.token;

    const refused = await callApi("POST", `/bots/${bot.botId}/publish`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({
      code: "TRANSLATION_NOT_REVIEWED",
      path: ["settings", "languages", "translations", "fr", "block:b-hello:content.richText"],
    });
    expect(refused.body.issues.map((issue: { path: string[] }) => issue.path[4])).toContain(
      "item:b-pick:i-no:content",
    );

    const exported = await fetchApi("GET", `/bots/${bot.botId}/translations/fr`, { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/xliff+xml; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toBe('attachment; filename="seeded-bot-fr.xlf"');
    const xliff = await exported.text();
    expect(xliff).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">',
    );
    expect(xliff).toContain('<unit id="block:b-hello:content.richText">');
    expect(xliff).toMatch(
      /<source xml:space="preserve"><pc id="1" dataRefStart="d1">Hello <pc id="2" dataRefStart="d2">dear<\/pc> <ph id="3" dataRef="d3" disp="\{\{Name\}\}"\/>!<\/pc><\/source>/,
    );
    expect(xliff).toContain('<unit id="item:b-pick:i-yes:content">');

    const imported = await callApi("PUT", `/bots/${bot.botId}/translations/fr`, {
      token,
      body: translateXliff(xliff, "reviewed"),
      headers: { "content-type": "application/xliff+xml" },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.unknownPlaces).toEqual([]);
    expect(imported.body.unchanged).toBe(0);
    expect(imported.body.updated).toBeGreaterThanOrEqual(6);

    const stored = await prisma.bot.findUniqueOrThrow({
      where: { id: bot.botId },
      select: { settings: true },
    });
    const translations = (
      stored.settings as { languages: { translations: Record<string, Record<string, unknown>> } }
    ).languages.translations.fr;
    expect(translations?.["block:b-hello:content.richText"]).toEqual({
      value: [
        { type: "p", children: [{ text: "Bonjour " }, { text: "cher", bold: true }, { text: " {{Name}}!" }] },
      ],
      status: "reviewed",
    });
    expect(translations?.["item:b-pick:i-yes:content"]).toEqual({ value: "Oui", status: "reviewed" });

    // The same file again changes nothing.
    const again = await callApi("PUT", `/bots/${bot.botId}/translations/fr`, {
      token,
      body: translateXliff(xliff, "reviewed"),
      headers: { "content-type": "application/xliff+xml" },
    });
    expect(again.body).toEqual({ updated: 0, unchanged: imported.body.updated, unknownPlaces: [] });

    const published = await callApi("POST", `/bots/${bot.botId}/publish`, { token });
    expect(published.status).toBe(200);
    const started = await startInFrench(bot.publicId, bot.chatKey);
    expect(started.status).toBe(200);
    expect(started.body.messages.map(textOf)).toEqual(["Bonjour cher !"]);
    expect(started.body.messages[0].content.richText[0].children[1]).toEqual({ text: "cher", bold: true });
    expect(started.body.input.options.labels).toMatchObject({ placeholder: "Votre nom", button: "Envoyer" });

    // A new export carries the targets and their state.
    const second = await (await fetchApi("GET", `/bots/${bot.botId}/translations/fr`, { token })).text();
    expect(second).toMatch(
      /<segment state="reviewed">\s*<source xml:space="preserve">Yes<\/source>\s*<target xml:space="preserve">Oui<\/target>/,
    );
  });

  it("round-trips CSV (tags for formatting, machine drafts by default) and reports unknown places", async () => {
    const bot = await createPublishedTestBot(bilingualFlow());
    const token = bot.owner.token;
    const response = await fetchApi("GET", `/bots/${bot.botId}/translations/fr?format=csv`, { token });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = await response.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("key,group,block,field,source,target,status");
    expect(lines[1]).toBe(
      "block:b-hello:content.richText,Welcome,text,content.richText,<1>Hello <2>dear</2> {{Name}}!</1>,,missing",
    );
    const edited = [
      "key,target",
      "block:b-hello:content.richText,<1><2>Cher</2> {{Name}}</1>",
      "item:b-pick:i-yes:content,Oui",
      "block:gone:content.richText,Perdu",
      "item:b-pick:i-no:content,",
    ].join("\n");
    const imported = await callApi("PUT", `/bots/${bot.botId}/translations/fr?format=csv`, {
      token,
      body: edited,
      headers: { "content-type": "text/csv" },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      updated: 2,
      unchanged: 1,
      unknownPlaces: ["block:gone:content.richText"],
    });
    const stored = await prisma.bot.findUniqueOrThrow({
      where: { id: bot.botId },
      select: { settings: true },
    });
    expect(stored.settings).toMatchObject({
      languages: {
        translations: {
          fr: {
            "block:b-hello:content.richText": {
              value: [{ type: "p", children: [{ text: "Cher", bold: true }, { text: " {{Name}}" }] }],
              status: "machineDraft",
            },
            "item:b-pick:i-yes:content": { value: "Oui", status: "machineDraft" },
          },
        },
      },
    });
    const audit = await prisma.auditLogEntry.findMany({
      where: { targetId: bot.botId, action: "bot.edited" },
    });
    expect(audit).toHaveLength(1);
  });

  it("refuses malformed files with BAD_REQUEST naming the line, unit or row, and changes nothing", async () => {
    const bot = await createPublishedTestBot(bilingualFlow());
    const token = bot.owner.token;
    const put = (body: string, format = "xliff") =>
      callApi("PUT", `/bots/${bot.botId}/translations/fr?format=${format}`, { token, body });
    const xliff = await (await fetchApi("GET", `/bots/${bot.botId}/translations/fr`, { token })).text();

    const broken = await put(xliff.replace("</file>", "</fil>"));
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("BAD_REQUEST");
    expect(broken.body.issues[0].code).toBe("MALFORMED_FILE");
    expect(broken.body.issues[0].message).toMatch(/^Not well-formed XML: .*\b\d+:\d+: /);

    const entity = await put(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><xliff version="2.0" trgLang="fr"><file id="f">&a;</file></xliff>`,
    );
    expect(entity.status).toBe(400);
    expect(entity.body.issues[0].message).toMatch(/DOCTYPE is not accepted/);

    const lostVariable = translateXliff(xliff, "translated").replace(
      /<target xml:space="preserve"><pc id="1" dataRefStart="d1">Bonjour <pc id="2" dataRefStart="d2">cher<\/pc> <ph[^>]*\/>!<\/pc><\/target>/,
      '<target xml:space="preserve"><pc id="1" dataRefStart="d1">Bonjour !</pc></target>',
    );
    const invalid = await put(lostVariable);
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toEqual([
      {
        code: "INVALID_TRANSLATION",
        message: expect.stringMatching(
          /^unit "block:b-hello:content\.richText" \(line \d+\): The translation must keep the text's variables; missing \{\{Name\}\}$/,
        ),
      },
    ]);

    const wrongLanguage = await put(xliff.replace('trgLang="fr"', 'trgLang="de"'));
    expect(wrongLanguage.body.issues[0]).toMatchObject({ code: "LANGUAGE_MISMATCH" });
    const badState = await put(translateXliff(xliff, "signed-off"));
    expect(badState.body.issues[0].message).toMatch(/state "signed-off" is not one of/);
    const csvRow = await put('key,target\nitem:b-pick:i-yes:content,"Oui', "csv");
    expect(csvRow.status).toBe(400);
    expect(csvRow.body.issues[0].message).toMatch(/^row \d+: /);
    const noHeader = await put("a,b\n1,2", "csv");
    expect(noHeader.body.issues[0].message).toBe("row 1: the header must name the columns key and target");
    const tagLost = await put("key,target\nblock:b-hello:content.richText,<1>Cher {{Name}}", "csv");
    expect(tagLost.body.issues[0].message).toBe(
      'row 2 ("block:b-hello:content.richText"): Code 1 is never closed',
    );

    const stored = await prisma.bot.findUniqueOrThrow({
      where: { id: bot.botId },
      select: { settings: true },
    });
    expect(stored.settings).toEqual(bilingualFlow().settings);
  });

  it("is scoped: a language of the bot, the workspace's members, the token's scopes", async () => {
    const bot = await createPublishedTestBot(bilingualFlow());
    const guest = await createTestMember(bot.owner.workspaceId, "GUEST");
    const outsider = await createTestUser();
    const path = `/bots/${bot.botId}/translations/fr`;

    expect((await fetchApi("GET", path, { token: guest.token })).status).toBe(200);
    const guestPut = await callApi("PUT", path, { token: guest.token, body: "<xliff/>" });
    expect(guestPut.status).toBe(403);
    expect((await callApi("GET", path, { token: outsider.token })).status).toBe(403);
    expect((await callApi("GET", path)).status).toBe(401);

    const readOnly = await createApiToken(prisma, bot.owner.user.id, "read", { scopes: ["bots:read"] });
    expect((await fetchApi("GET", path, { token: readOnly.token })).status).toBe(200);
    const scoped = await callApi("PUT", path, { token: readOnly.token, body: "<xliff/>" });
    expect(scoped.status).toBe(403);
    expect(scoped.body.issues[0].code).toBe("MISSING_SCOPE");

    const unknown = await callApi("GET", `/bots/${bot.botId}/translations/de`, { token: bot.owner.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0]).toMatchObject({ code: "UNKNOWN_LANGUAGE", path: ["language"] });
    const defaultLanguage = await callApi("GET", `/bots/${bot.botId}/translations/en`, {
      token: bot.owner.token,
    });
    expect(defaultLanguage.body.issues[0].message).toMatch(/default language/);
    const notATag = await callApi("GET", `/bots/${bot.botId}/translations/FR-ca`, { token: bot.owner.token });
    expect(notATag.status).toBe(400);
    const badFormat = await callApi("GET", `${path}?format=docx`, { token: bot.owner.token });
    expect(badFormat.status).toBe(400);
    const empty = await callApi("PUT", path, { token: bot.owner.token, body: "" });
    expect(empty.body.issues[0].code).toBe("FILE_EMPTY");
  });
});
