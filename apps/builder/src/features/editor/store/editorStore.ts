import type { BotTestResult } from "@parley/schemas";
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  type AutosaveState,
  createSaveState,
  getEditedSaveState,
  getReloadedSaveState,
} from "../../autosave/saveState";
import type { CanvasMarks } from "../canvas/canvasMarks";
import {
  commitHistory,
  createHistory,
  type History,
  redoHistory,
  resetHistory,
  undoHistory,
} from "../document/history";
import { type BotTranslations, createTranslationsCompleter } from "../languages/lazyTranslations";
import { getCanvasLanguage } from "../languages/translatedView";
import type { EditorDocument } from "./editorDocument";

/**
 * Whether the document holds the translations' texts. A bot with languages opens without them (docs/languages.md,
 * "Performance"): they are loaded when something needs them (another language on the canvas, a change of the
 * settings, a variable renamed or deleted), and nothing saves the settings before they are in.
 */
export type TranslationsStatus = "loaded" | "notLoaded" | "loading" | "failed";

export interface EditorStoreOptions {
  /** False when the document was opened without its translations (`omitTranslations`). */
  hasTranslations?: boolean;
  /** Reads the draft's translations from the server. */
  loadTranslations?: () => Promise<BotTranslations>;
}

export interface EditorState extends AutosaveState<EditorDocument> {
  history: History<EditorDocument>;
  /** The block whose settings panel is open. */
  openedBlockId: string | null;
  /** The event (command, reply, invalid reply) whose settings panel is open. */
  openedEventId: string | null;
  /** The side panel open at the right of the canvas instead of block settings. */
  panel: "variables" | "tests" | null;
  /** The preview drawer stays open while the author edits blocks and variables next to it. */
  isPreviewOpen: boolean;
  /** The block the preview is executing, highlighted on the canvas. */
  executingBlockId: string | null;
  /** Blocks and groups marked on the canvas: a version diff's changes, or the blocks a preview turn passed through. */
  canvasMarks: CanvasMarks | null;
  /** The group the preview starts from (null: the start event) and the variable values it starts with (by name). */
  previewStart: { groupId: string | null; variables: Record<string, string> };
  /**
   * The language the canvas and the settings panel show and edit (null: the default language). Texts edited in
   * another language are saved as its translations (`languages/translatedView.ts`).
   */
  canvasLanguage: string | null;
  /** The language the preview chat starts in (null: the bot's own choice, as for a visitor). */
  previewLanguage: string | null;
  /** A language chosen for the canvas whose translations are still being loaded (shown once they are). */
  pendingCanvasLanguage: string | null;
  translationsStatus: TranslationsStatus;
  /**
   * Loads the translations when the document lacks them and puts them into every version of it (undo history and
   * the saved version alike: no undo step, nothing to save); resolves at once when they are in. Rejects when they
   * cannot be read (status "failed"; the next call tries again).
   */
  loadTranslations: () => Promise<void>;
  /** The last run of each test (by id), as the Tests panel shows it; not saved. */
  testRuns: Record<string, BotTestResult>;
  /** A note on a test (by id), e.g. which stubs of a recorded test hold default answers. */
  testNotes: Record<string, string>;
  /** The test open in the Tests panel's editor. */
  openedTestId: string | null;
  setTestRuns: (results: readonly BotTestResult[]) => void;
  setTestNote: (testId: string, note: string | null) => void;
  /** Opens the Tests panel, on a test's editor or (null) on the list. */
  openTest: (testId: string | null) => void;
  /**
   * Applies a pure change to the document as one undo step (or merges into the last one). A change of the settings
   * (or one that says it `needsTranslations`, as a variable's renaming, which rewrites translated texts) made while
   * the translations are not loaded waits for them and is then applied to the document that holds them.
   */
  apply: (
    change: (doc: EditorDocument) => EditorDocument,
    options?: { coalesceKey?: string; needsTranslations?: boolean },
  ) => void;
  undo: () => void;
  redo: () => void;
  /** Replaces the document without an undo step (load, reload after a conflict). */
  resetDocument: (doc: EditorDocument, updatedAt: string) => void;
  openBlock: (blockId: string | null) => void;
  openEvent: (eventId: string | null) => void;
  openPanel: (panel: EditorState["panel"]) => void;
  setPreviewOpen: (isOpen: boolean) => void;
  setExecutingBlock: (blockId: string | null) => void;
  setCanvasMarks: (marks: CanvasMarks | null) => void;
  /** Opens the preview (anew) from a group, or from the start with null. */
  startPreviewFrom: (groupId: string | null, variables?: Record<string, string>) => void;
  setCanvasLanguage: (language: string | null) => void;
  /** Starts the preview anew in a language (null: as a visitor would). */
  setPreviewLanguage: (language: string | null) => void;
}

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(
  doc: EditorDocument,
  updatedAt: string,
  now: () => number = Date.now,
  options: EditorStoreOptions = {},
): EditorStore {
  return createStore<EditorState>()((set, get) => {
    let loading: Promise<void> | null = null;
    // Once the translations are in: a save sent before recorded the version it sent, which lacked them.
    let completeSaved: ((doc: EditorDocument) => EditorDocument) | null = null;
    const loadTranslations = (): Promise<void> => {
      if (get().translationsStatus === "loaded") return Promise.resolve();
      if (loading) return loading;
      const { loadTranslations: read } = options;
      if (!read) return Promise.reject(new Error("The translations cannot be loaded here"));
      set({ translationsStatus: "loading" });
      loading = read().then(
        (translations) => {
          loading = null;
          // A reload from the server meanwhile brought them already.
          if (get().translationsStatus === "loaded") return;
          const complete = createTranslationsCompleter(translations);
          const { history, save } = get();
          set({
            translationsStatus: "loaded",
            history: {
              ...history,
              past: history.past.map(complete),
              present: complete(history.present),
              future: history.future.map(complete),
            },
            save: { ...save, savedDocument: complete(save.savedDocument) },
          });
          completeSaved = complete;
        },
        (error: unknown) => {
          loading = null;
          if (get().translationsStatus === "loading") set({ translationsStatus: "failed" });
          throw error;
        },
      );
      return loading;
    };
    const withHistory = (history: History<EditorDocument>) => {
      const { save, openedBlockId, openedEventId } = get();
      set({
        history,
        save: getEditedSaveState(save, history.present),
        openedBlockId: openedBlockId && hasBlock(history.present, openedBlockId) ? openedBlockId : null,
        openedEventId:
          openedEventId && history.present.events.some((event) => event.id === openedEventId)
            ? openedEventId
            : null,
      });
    };
    return {
      history: createHistory(doc),
      openedBlockId: null,
      openedEventId: null,
      panel: null,
      isPreviewOpen: false,
      executingBlockId: null,
      canvasMarks: null,
      previewStart: { groupId: null, variables: {} },
      canvasLanguage: null,
      previewLanguage: null,
      pendingCanvasLanguage: null,
      translationsStatus: options.hasTranslations === false ? "notLoaded" : "loaded",
      loadTranslations,
      testRuns: {},
      testNotes: {},
      openedTestId: null,
      setTestRuns: (results) =>
        set({
          testRuns: {
            ...get().testRuns,
            ...Object.fromEntries(results.map((result) => [result.testId, result])),
          },
        }),
      setTestNote: (testId, note) => {
        const { [testId]: _dropped, ...others } = get().testNotes;
        set({ testNotes: note ? { ...others, [testId]: note } : others });
      },
      openTest: (testId) =>
        set({ panel: "tests", openedTestId: testId, openedBlockId: null, openedEventId: null }),
      save: createSaveState(doc, updatedAt),
      apply: (change, applyOptions) => {
        const { history, translationsStatus } = get();
        const next = change(history.present);
        if (next === history.present) return;
        if (
          translationsStatus !== "loaded" &&
          (applyOptions?.needsTranslations || next.settings !== history.present.settings)
        ) {
          // Applied once they are in (changes wait in order); not applied when they cannot be read, as a
          // save would then lose them or leave them behind the change.
          loadTranslations().then(
            () => get().apply(change, applyOptions),
            () => undefined,
          );
          return;
        }
        withHistory(commitHistory(history, next, { coalesceKey: applyOptions?.coalesceKey, now: now() }));
      },
      undo: () => withHistory(undoHistory(get().history)),
      redo: () => withHistory(redoHistory(get().history)),
      // The server's whole document, translations included.
      resetDocument: (next, nextUpdatedAt) =>
        set({
          translationsStatus: "loaded",
          history: resetHistory(next),
          openedBlockId: null,
          openedEventId: null,
          save: getReloadedSaveState(get().save, next, nextUpdatedAt),
        }),
      openBlock: (blockId) =>
        set(
          blockId
            ? { openedBlockId: blockId, openedEventId: null, panel: null }
            : { openedBlockId: null, openedEventId: null },
        ),
      openEvent: (eventId) =>
        set(eventId ? { openedEventId: eventId, openedBlockId: null, panel: null } : { openedEventId: null }),
      openPanel: (panel) =>
        set(panel ? { panel, openedBlockId: null, openedEventId: null } : { panel: null }),
      setPreviewOpen: (isOpen) =>
        set({
          isPreviewOpen: isOpen,
          executingBlockId: null,
          canvasMarks: get().canvasMarks?.source === "turn" ? null : get().canvasMarks,
        }),
      setExecutingBlock: (blockId) => set({ executingBlockId: blockId }),
      setCanvasMarks: (marks) => set({ canvasMarks: marks }),
      startPreviewFrom: (groupId, variables) =>
        set({
          isPreviewOpen: true,
          executingBlockId: null,
          previewStart: { groupId, variables: variables ?? get().previewStart.variables },
        }),
      // The preview follows the canvas to a language (the author checks what they translate); its own picker may differ.
      // Another language is shown once its translations are in; meanwhile the canvas stays as it is.
      setCanvasLanguage: (language) => {
        if (language && get().translationsStatus !== "loaded") {
          set({ pendingCanvasLanguage: language });
          loadTranslations().then(
            () => {
              if (get().pendingCanvasLanguage === language) get().setCanvasLanguage(language);
            },
            () => undefined,
          );
          return;
        }
        set({
          canvasLanguage: language,
          pendingCanvasLanguage: null,
          previewLanguage: language,
          previewStart: { ...get().previewStart },
        });
      },
      setPreviewLanguage: (language) =>
        set({ previewLanguage: language, previewStart: { ...get().previewStart } }),
      updateSave: (changes) => {
        const { savedDocument } = changes;
        set({
          save: {
            ...get().save,
            ...changes,
            ...(savedDocument && completeSaved ? { savedDocument: completeSaved(savedDocument) } : {}),
          },
        });
      },
    };
  });
}

/**
 * The language the canvas shows and edits: the chosen one when it is one of the bot's and its translations are
 * loaded, else null (the default language).
 */
export function selectCanvasLanguage(state: EditorState): string | null {
  if (state.translationsStatus !== "loaded") return null;
  return getCanvasLanguage(state.history.present, state.canvasLanguage);
}

/**
 * For the autosaver (`beforeSave`): a save of the settings waits until the translations are in, so that it never
 * writes the settings without them (which would erase every translation).
 */
export function waitForTranslationsBeforeSaving(store: EditorStore) {
  return (keys: readonly string[]): Promise<void> | null => {
    const state = store.getState();
    if (state.translationsStatus === "loaded" || !keys.includes("settings")) return null;
    return state.loadTranslations();
  };
}

function hasBlock(doc: EditorDocument, blockId: string) {
  return doc.groups.some((group) => group.blocks.some((block) => block.id === blockId));
}
