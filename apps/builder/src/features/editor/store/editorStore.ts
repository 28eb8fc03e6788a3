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
import type { EditorDocument } from "./editorDocument";

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
  /** Applies a pure change to the document as one undo step (or merges into the last one). */
  apply: (change: (doc: EditorDocument) => EditorDocument, options?: { coalesceKey?: string }) => void;
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
): EditorStore {
  return createStore<EditorState>()((set, get) => {
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
      apply: (change, options) => {
        const { history } = get();
        const next = change(history.present);
        if (next === history.present) return;
        withHistory(commitHistory(history, next, { coalesceKey: options?.coalesceKey, now: now() }));
      },
      undo: () => withHistory(undoHistory(get().history)),
      redo: () => withHistory(redoHistory(get().history)),
      resetDocument: (next, nextUpdatedAt) =>
        set({
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
      setCanvasLanguage: (language) =>
        set({ canvasLanguage: language, previewLanguage: language, previewStart: { ...get().previewStart } }),
      setPreviewLanguage: (language) =>
        set({ previewLanguage: language, previewStart: { ...get().previewStart } }),
      updateSave: (changes) => set({ save: { ...get().save, ...changes } }),
    };
  });
}

function hasBlock(doc: EditorDocument, blockId: string) {
  return doc.groups.some((group) => group.blocks.some((block) => block.id === blockId));
}
