// The shapes api-spec.md gives for Bot, Theme, Settings and Published bot, as assertions.
import { expect } from "vitest";
import { expectId, expectKeys, expectString, expectTimestamp } from "./harness";

type Json = Record<string, unknown>;

export const botFields = [
  "id",
  "name",
  "icon",
  "folderId",
  "workspaceId",
  "publicId",
  "customDomain",
  "createdAt",
  "updatedAt",
  "isArchived",
  "isClosed",
  "messagingCredentialsId",
  "riskLevel",
  "selectedThemeTemplateId",
  "events",
  "groups",
  "edges",
  "variables",
  "theme",
  "settings",
  "resultsTablePreferences",
];

export const publishedBotFields = [
  "id",
  "createdAt",
  "updatedAt",
  "botId",
  "groups",
  "events",
  "edges",
  "variables",
  "theme",
  "settings",
  "lastActivityAt",
];

/** Every key of `keys` is on `value` (more may be). */
export function expectHasKeys(value: unknown, keys: string[], where: string) {
  expect(value, where).toBeTypeOf("object");
  expect(value, where).not.toBeNull();
  for (const key of keys) expect(Object.keys(value as object), `${where}.${key}`).toContain(key);
}

const types = (
  value: Json,
  spec: Record<string, "string" | "number" | "boolean" | "object">,
  where: string,
) => {
  expectHasKeys(value, Object.keys(spec), where);
  for (const [key, type] of Object.entries(spec)) expect(typeof value[key], `${where}.${key}`).toBe(type);
};

const colors = { backgroundColor: "string", color: "string", blur: "number", opacity: "number" } as const;
const border = {
  thickness: "number",
  color: "string",
  customRoundeness: "number",
  opacity: "number",
} as const;

/** Theme of api-spec.md "Theme", defaults filled in. */
export function expectTheme(theme: Json) {
  const general = theme.general as Json;
  types(general, { font: "string", background: "object", progressBar: "object" }, "theme.general");
  types(general.background as Json, { content: "string" }, "theme.general.background");
  types(
    general.progressBar as Json,
    { isEnabled: "boolean", color: "string", backgroundColor: "string", thickness: "number" },
    "theme.general.progressBar",
  );
  const chat = theme.chat as Json;
  types(
    chat.container as Json,
    { maxWidth: "string", maxHeight: "string", ...colors },
    "theme.chat.container",
  );
  for (const part of ["container", "hostBubbles", "guestBubbles", "buttons", "inputs"]) {
    types(chat[part] as Json, { ...colors, border: "object" }, `theme.chat.${part}`);
    types((chat[part] as Json).border as Json, border, `theme.chat.${part}.border`);
  }
  types(chat.inputs as Json, { placeholderColor: "string" }, "theme.chat.inputs");
  for (const avatar of ["hostAvatar", "guestAvatar"]) {
    types(chat[avatar] as Json, { isEnabled: "boolean" }, `theme.chat.${avatar}`);
    expectString((chat[avatar] as Json).url, true, `theme.chat.${avatar}.url`);
  }
  expect(chat.buttonsInput, "theme.chat.buttonsInput").toBeTypeOf("object");
  expectString(theme.customCss, true, "theme.customCss");
}

/** Settings of api-spec.md "Settings", defaults filled in. */
export function expectSettings(settings: Json, { isResponse = true } = {}) {
  const general = settings.general as Json;
  types(
    general,
    {
      isBrandingEnabled: "boolean",
      isTypingEmulationEnabled: "boolean",
      isInputPrefillEnabled: "boolean",
      isHideQueryParamsEnabled: "boolean",
      isNewResultOnRefreshEnabled: "boolean",
      rememberUser: "object",
      systemMessages: "object",
    },
    "settings.general",
  );
  types(general.rememberUser as Json, { isEnabled: "boolean" }, "settings.general.rememberUser");
  const systemMessages = general.systemMessages as Json;
  expectHasKeys(
    systemMessages,
    [
      "invalidMessage",
      "botClosed",
      "networkErrorTitle",
      "networkErrorMessage",
      "popupBlockedTitle",
      "popupBlockedDescription",
      "popupBlockedButtonLabel",
      "fileUploadError",
      "fileUploadSizeError",
      "messagingPictureChoiceSelectLabel",
    ],
    "settings.general.systemMessages",
  );
  for (const [key, value] of Object.entries(systemMessages)) {
    expectString(value, true, `settings.general.systemMessages.${key}`);
  }
  types(
    settings.typingEmulation as Json,
    {
      enabled: "boolean",
      speed: "number",
      maxDelay: "number",
      delayBetweenBubbles: "number",
      isDisabledOnFirstMessage: "boolean",
    },
    "settings.typingEmulation",
  );
  const metadata = settings.metadata as Json;
  expectHasKeys(
    metadata,
    ["title", "description", "imageUrl", "favIconUrl", "customHeadCode", "tagManagerId", "allowIndexing"],
    "settings.metadata",
  );
  expect(typeof metadata.allowIndexing).toBe("boolean");
  const messaging = settings.messaging as Json;
  expectHasKeys(messaging, ["isEnabled", "sessionExpiryTimeout"], "settings.messaging");
  expect(typeof messaging.isEnabled).toBe("boolean");
  if (isResponse) {
    expectHasKeys(messaging, ["startCondition"], "settings.messaging");
  }
  types(settings.publicShare as Json, { isEnabled: "boolean" }, "settings.publicShare");
  const security = settings.security as Json;
  expectHasKeys(security, ["allowedOrigins"], "settings.security");
  expect(Array.isArray(security.allowedOrigins)).toBe(true);
}

/** Group, Block, Event, Edge and Variable of api-spec.md. */
export function expectFlow(bot: Json) {
  for (const group of bot.groups as Json[]) {
    types(group, { id: "string", title: "string", graphCoordinates: "object" }, "group");
    types(group.graphCoordinates as Json, { x: "number", y: "number" }, "group.graphCoordinates");
    for (const block of group.blocks as Json[]) types(block, { id: "string", type: "string" }, "block");
  }
  for (const event of bot.events as Json[]) {
    types(event, { id: "string", type: "string", graphCoordinates: "object" }, "event");
  }
  expect((bot.events as Json[]).map((event) => event.type)).toContain("start");
  for (const edge of bot.edges as Json[]) {
    types(edge, { id: "string", from: "object", to: "object" }, "edge");
    types(edge.to as Json, { groupId: "string" }, "edge.to");
  }
  for (const variable of bot.variables as Json[])
    types(variable, { id: "string", name: "string" }, "variable");
}

/** A Bot as get and update return it. */
export function expectBot(bot: Json) {
  expectHasKeys(bot, botFields, "bot");
  expectId(bot.id);
  expectId(bot.workspaceId);
  expectString(bot.name);
  for (const key of [
    "icon",
    "folderId",
    "publicId",
    "customDomain",
    "messagingCredentialsId",
    "selectedThemeTemplateId",
  ]) {
    expectString(bot[key], true, `bot.${key}`);
  }
  expectTimestamp(bot.createdAt);
  expectTimestamp(bot.updatedAt);
  expect(typeof bot.isArchived).toBe("boolean");
  expect(typeof bot.isClosed).toBe("boolean");
  if (bot.riskLevel !== null) expect(typeof bot.riskLevel).toBe("number");
  for (const part of ["events", "groups", "edges", "variables"])
    expect(Array.isArray(bot[part]), part).toBe(true);
  expectFlow(bot);
  expectTheme(bot.theme as Json);
  expectSettings(bot.settings as Json);
  if (bot.resultsTablePreferences !== null) {
    const preferences = bot.resultsTablePreferences as Json;
    expectKeys(preferences, ["columnsOrder", "columnsVisibility", "columnsWidth"]);
  }
}

/** A Published bot. */
export function expectPublishedBot(publishedBot: Json, botId: string) {
  expectHasKeys(publishedBot, publishedBotFields, "publishedBot");
  expectId(publishedBot.id);
  expect(publishedBot.botId).toBe(botId);
  expectTimestamp(publishedBot.createdAt);
  expectTimestamp(publishedBot.updatedAt);
  expectTimestamp(publishedBot.lastActivityAt, true);
  expectFlow(publishedBot);
  expectTheme(publishedBot.theme as Json);
  expectSettings(publishedBot.settings as Json);
}
