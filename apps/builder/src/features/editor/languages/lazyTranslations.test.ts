import { describe, expect, it } from "vitest";
import { renameGroup } from "../document/groups";
import { renameVariable } from "../document/variables";
import type { EditorDocument } from "../store/editorDocument";
import { createEditorStore, selectCanvasLanguage } from "../store/editorStore";
import { createTestDocument } from "../testing/createTestDocument";
import { type BotTranslations, omitTranslations } from "./lazyTranslations";
import { getTranslatedBlock } from "./translatedView";

const rich = (text: string) => [{ type: "p", children: [{ text }] }];
const translations: BotTranslations = {
  fr: {
    "block:b1:content.richText": { value: rich("Salut {{Name}}"), status: "reviewed" },
    "settings:metadata.title": { value: "Bonjour {{Name}}", status: "reviewed" },
  },
  de: { "block:b1:content.richText": { value: rich("Hallo {{Name}}"), status: "machineDraft" } },
};

/** The test flow in English, French and German, every translation in its settings. */
function multilingualDocument(): EditorDocument {
  const doc = createTestDocument();
  return {
    ...doc,
    settings: {
      ...doc.settings,
      metadata: { ...doc.settings.metadata, title: "Hello {{Name}}" },
      languages: { defaultLanguage: "en", languages: ["fr", "de"], translations },
    },
  };
}

/** The editor opened as the edit page opens it: without the translations, read by `loadTranslations`. */
function openEditor(read: () => Promise<BotTranslations> = async () => translations) {
  const { document, hasOmitted } = omitTranslations(multilingualDocument());
  const reads: number[] = [];
  const store = createEditorStore(document, "2026-01-01T00:00:00.000Z", Date.now, {
    hasTranslations: !hasOmitted,
    loadTranslations: () => {
      reads.push(reads.length + 1);
      return read();
    },
  });
  return { store, reads };
}

type Store = ReturnType<typeof openEditor>["store"];
const until = (store: Store, done: (state: ReturnType<Store["getState"]>) => boolean) =>
  new Promise<void>((resolve) => {
    if (done(store.getState())) return resolve();
    const unsubscribe = store.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve();
    });
  });

describe("omitTranslations", () => {
  it("leaves out the translations' texts and keeps the rest of the languages' settings", () => {
    const { document, hasOmitted } = omitTranslations(multilingualDocument());
    expect(hasOmitted).toBe(true);
    expect(document.settings.languages).toEqual({ defaultLanguage: "en", languages: ["fr", "de"] });
    expect(document.settings.metadata?.title).toBe("Hello {{Name}}");
    expect(document.groups).toEqual(multilingualDocument().groups);
  });

  it("says nothing was left out for a bot in one language", () => {
    const doc = createTestDocument();
    expect(omitTranslations(doc)).toEqual({ document: doc, hasOmitted: false });
  });
});

describe("the editor opened without the translations", () => {
  it("shows another language once its translations are loaded, without an undo step or anything to save", async () => {
    const { store, reads } = openEditor();
    store.getState().apply((doc) => renameGroup(doc, "g2", "Renamed"));
    expect(store.getState().translationsStatus).toBe("notLoaded");
    expect(reads).toEqual([]);

    store.getState().setCanvasLanguage("fr");
    expect(store.getState().pendingCanvasLanguage).toBe("fr");
    expect(selectCanvasLanguage(store.getState())).toBeNull();
    await until(store, (state) => selectCanvasLanguage(state) === "fr");

    const state = store.getState();
    expect(reads).toEqual([1]);
    expect(state.pendingCanvasLanguage).toBeNull();
    expect(state.history.present.settings.languages?.translations).toEqual(translations);
    expect(getTranslatedBlock(state.history.present, "fr", "b1")).toMatchObject({
      content: { richText: rich("Salut {{Name}}") },
    });
    // The rename is the only change to save; the saved version got the translations too.
    expect(state.save.status).toBe("unsaved");
    expect(state.save.savedDocument.settings).toBe(state.history.present.settings);
    expect(state.history.past).toHaveLength(1);
    state.undo();
    expect(store.getState().save.status).toBe("saved");
    expect(store.getState().history.present).toBe(store.getState().save.savedDocument);
    expect(store.getState().history.present.settings.languages?.translations).toEqual(translations);
  });

  it("applies a change of the settings once the translations are in, keeping them", async () => {
    const { store, reads } = openEditor();
    store.getState().apply((doc) => ({
      ...doc,
      settings: { ...doc.settings, metadata: { ...doc.settings.metadata, title: "Welcome" } },
    }));
    // Not applied to the document that lacks them.
    expect(store.getState().history.present.settings.metadata?.title).toBe("Hello {{Name}}");
    await until(store, (state) => state.history.present.settings.metadata?.title === "Welcome");
    expect(reads).toEqual([1]);
    expect(store.getState().history.present.settings.languages?.translations).toEqual(translations);
    expect(store.getState().save.status).toBe("unsaved");
  });

  it("renames a variable in the translated texts too", async () => {
    const { store } = openEditor();
    store.getState().apply((doc) => renameVariable(doc, "v1", "FirstName"), { needsTranslations: true });
    await until(store, (state) => state.history.present.variables[0]?.name === "FirstName");
    const languages = store.getState().history.present.settings.languages;
    expect(languages?.translations?.fr?.["settings:metadata.title"]?.value).toBe("Bonjour {{FirstName}}");
    expect(languages?.translations?.de?.["block:b1:content.richText"]?.value).toEqual(
      rich("Hallo {{FirstName}}"),
    );
  });

  it("applies other changes at once, without loading anything", () => {
    const { store, reads } = openEditor();
    store.getState().apply((doc) => renameGroup(doc, "g1", "At once"));
    expect(store.getState().history.present.groups[0]?.title).toBe("At once");
    expect(reads).toEqual([]);
  });

  it("keeps the default language and makes no change when the translations cannot be read, and tries again", async () => {
    let fail = true;
    const { store, reads } = openEditor(async () => {
      if (fail) throw new Error("Failed to fetch");
      return translations;
    });
    store
      .getState()
      .apply((doc) => ({ ...doc, settings: { ...doc.settings, metadata: { title: "Lost?" } } }));
    store.getState().setCanvasLanguage("de");
    await until(store, (state) => state.translationsStatus === "failed");
    expect(selectCanvasLanguage(store.getState())).toBeNull();
    expect(store.getState().pendingCanvasLanguage).toBe("de");
    expect(store.getState().history.present.settings.metadata?.title).toBe("Hello {{Name}}");
    expect(store.getState().save.status).toBe("saved");

    fail = false;
    store.getState().setCanvasLanguage("de");
    await until(store, (state) => selectCanvasLanguage(state) === "de");
    expect(reads).toEqual([1, 2]);
    expect(store.getState().history.present.settings.languages?.translations).toEqual(translations);
  });

  it("counts a reload from the server (after a conflict) as loaded", () => {
    const { store, reads } = openEditor();
    store.getState().resetDocument(multilingualDocument(), "2026-01-02T00:00:00.000Z");
    store.getState().setCanvasLanguage("fr");
    expect(selectCanvasLanguage(store.getState())).toBe("fr");
    expect(reads).toEqual([]);
  });
});
