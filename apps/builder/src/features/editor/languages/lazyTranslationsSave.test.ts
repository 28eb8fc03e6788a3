// The editor opens a bot in several languages without its translations (docs/languages.md, "Performance"); these
// tests save through the real builder mount and read the row back: no save of the settings loses a translation.
import { handleTrpcRequest } from "@parley/api/mounts";
import type { AppRouter } from "@parley/api/routers/appRouter";
import { getPrisma } from "@parley/db";
import { readStoredFlow } from "@parley/db/storedFlow";
import { createUserSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { createTRPCClient, httpLink } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { loadBotForEditor } from "@/lib/loadBotForEditor";
import { createAutosaver } from "../../autosave/createAutosaver";
import { saveBotChanges } from "../../autosave/saveBotChanges";
import { renameVariable } from "../document/variables";
import type { EditorDocument } from "../store/editorDocument";
import { createEditorStore, type EditorStore, waitForTranslationsBeforeSaving } from "../store/editorStore";
import { createTestDocument } from "../testing/createTestDocument";
import type { BotTranslations } from "./lazyTranslations";

const rich = (text: string) => [{ type: "p", children: [{ text }] }];
const translations: BotTranslations = {
  fr: {
    "block:b1:content.richText": { value: rich("Salut {{Name}}"), status: "reviewed" },
    "item:b2:i1:content": { value: "Un", status: "reviewed" },
    "settings:metadata.title": { value: "Bonjour {{Name}}", status: "reviewed" },
  },
  de: { "block:b1:content.richText": { value: rich("Hallo {{Name}}"), status: "machineDraft" } },
  ja: { "item:b2:i2:content": { value: "ビー", status: "reviewed" } },
};

async function signedInClient(userId: string) {
  const { token } = await createUserSession(getPrisma(), userId);
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://localhost:3000/api/trpc",
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
        fetch: (url, init) => handleTrpcRequest(new Request(url, init as RequestInit)),
      }),
    ],
  });
}

/** A bot in four languages, then the editor opened on it as the edit page opens it, saving as it saves. */
async function openMultilingualBot({ guardSaves = true } = {}) {
  const team = await createTestTeam();
  const client = await signedInClient(team.member.user.id);
  const { tests: _tests, ...flow } = createTestDocument();
  const { bot } = await client.bots.createBot.mutate({
    workspaceId: team.workspaceId,
    bot: {
      name: "Four languages",
      ...flow,
      settings: {
        metadata: { title: "Hello {{Name}}" },
        languages: { defaultLanguage: "en", languages: ["fr", "de", "ja"], translations },
      },
    } as never,
  });
  const opened = await loadBotForEditor(team.member.user.id, bot.id);
  if (!opened) throw new Error("The bot cannot be opened");
  const store = createEditorStore(opened.document, opened.updatedAt, Date.now, {
    hasTranslations: opened.hasTranslations,
    loadTranslations: async () =>
      (await client.translations.getDraftTranslations.query({ botId: bot.id })).translations,
  });
  const autosaver = createAutosaver(
    store,
    (state) => state.history.present,
    (request) => saveBotChanges(client, bot.id, request),
    guardSaves ? { beforeSave: waitForTranslationsBeforeSaving(store) } : {},
  );
  const storedSettings = async () => {
    const row = await getPrisma().bot.findUniqueOrThrow({ where: { id: bot.id } });
    return readStoredFlow(row.version, row).settings;
  };
  return { team, bot, opened, store, autosaver, storedSettings };
}

const until = (store: EditorStore, done: (state: ReturnType<EditorStore["getState"]>) => boolean) =>
  new Promise<void>((resolve) => {
    if (done(store.getState())) return resolve();
    const unsubscribe = store.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve();
    });
  });

const withTitle = (doc: EditorDocument, title: string): EditorDocument => ({
  ...doc,
  settings: { ...doc.settings, metadata: { ...doc.settings.metadata, title } },
});

describe("a multilingual bot opened in the editor", () => {
  it("opens without the translations' texts; getDraftTranslations reads them", async () => {
    const { opened, store } = await openMultilingualBot();
    expect(opened.hasTranslations).toBe(false);
    expect(opened.document.settings.languages).toEqual({
      defaultLanguage: "en",
      languages: ["fr", "de", "ja"],
    });
    expect(JSON.stringify(opened.document)).not.toContain("Salut");
    await store.getState().loadTranslations();
    expect(store.getState().history.present.settings.languages?.translations).toEqual(translations);
  });

  it("getDraftTranslations answers a guest of the workspace and refuses someone outside it", async () => {
    const { team, bot } = await openMultilingualBot();
    const guest = await signedInClient(team.guest.user.id);
    expect(await guest.translations.getDraftTranslations.query({ botId: bot.id })).toEqual({ translations });
    const outsider = await signedInClient(team.outsider.user.id);
    const refused = await outsider.translations.getDraftTranslations
      .query({ botId: bot.id })
      .catch((error: { data?: { httpStatus?: number } }) => error.data?.httpStatus);
    expect(refused).toBe(403);
  });

  it("an edit of the settings right after opening is saved with every translation kept", async () => {
    const { store, autosaver, storedSettings } = await openMultilingualBot();
    store.getState().apply((doc) => withTitle(doc, "Welcome"));
    await until(store, (state) => state.history.present.settings.metadata?.title === "Welcome");
    autosaver.flush();
    await until(store, (state) => state.save.savedCount === 1 && state.save.status === "saved");
    const stored = await storedSettings();
    expect(stored.metadata?.title).toBe("Welcome");
    expect(stored.languages?.translations).toEqual(translations);
    autosaver.dispose();
  });

  it("a variable renamed right after opening is renamed in the stored translations too", async () => {
    const { store, autosaver, storedSettings } = await openMultilingualBot();
    store.getState().apply((doc) => renameVariable(doc, "v1", "FirstName"), { needsTranslations: true });
    await until(store, (state) => state.history.present.variables[0]?.name === "FirstName");
    autosaver.flush();
    await until(store, (state) => state.save.savedCount === 1 && state.save.status === "saved");
    const stored = (await storedSettings()).languages?.translations;
    expect(stored?.fr?.["settings:metadata.title"]?.value).toBe("Bonjour {{FirstName}}");
    expect(stored?.de?.["block:b1:content.richText"]?.value).toEqual(rich("Hallo {{FirstName}}"));
    expect(stored?.ja).toEqual(translations.ja);
    autosaver.dispose();
  });

  it("a save of settings that lack the translations waits for them and stores them", async () => {
    const { store, autosaver, storedSettings } = await openMultilingualBot();
    // Settings changed on the document without its translations (no path of the editor does this; the save
    // must hold anyway).
    const { history } = store.getState();
    store.setState({ history: { ...history, present: withTitle(history.present, "Changed early") } });
    autosaver.flush();
    await until(store, (state) => state.save.savedCount === 1 && state.save.status === "saved");
    const stored = await storedSettings();
    expect(stored.metadata?.title).toBe("Changed early");
    expect(stored.languages?.translations).toEqual(translations);
    expect(store.getState().translationsStatus).toBe("loaded");
    autosaver.dispose();
  });

  it("saves that leave the settings alone do not load the translations", async () => {
    const { store, autosaver, storedSettings } = await openMultilingualBot();
    store
      .getState()
      .apply((doc) => ({ ...doc, groups: doc.groups.map((g) => ({ ...g, title: `${g.title}!` })) }));
    autosaver.flush();
    await until(store, (state) => state.save.savedCount === 1 && state.save.status === "saved");
    expect(store.getState().translationsStatus).toBe("notLoaded");
    expect((await storedSettings()).languages?.translations).toEqual(translations);
    autosaver.dispose();
  });
});
