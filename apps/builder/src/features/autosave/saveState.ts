export type SaveStatus = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "invalid";

/** Where the automatic saving of a document stands; kept in the store of the page that edits it. */
export interface SaveState<Doc> {
  status: SaveStatus;
  /** `updatedAt` of the last version this tab read or wrote; sent with every save. */
  updatedAt: string;
  /** The document as the server holds it since the last successful save or load. */
  savedDocument: Doc;
  /** Why the last save failed, shown next to the status. */
  message: string | null;
  /** Counts successful saves, so the preview can refresh its session after each. */
  savedCount: number;
  /** When the next automatic retry happens (ms since epoch), while offline. */
  retryAt: number | null;
}

/** What a store must hold for `createAutosaver` to save its document. */
export interface AutosaveState<Doc> {
  save: SaveState<Doc>;
  // A method (not a property) so that a store of any document is an AutosaveState<object>.
  updateSave(changes: Partial<SaveState<Doc>>): void;
}

/** The document type of such a store. */
export type DocumentOf<State extends AutosaveState<object>> = State["save"]["savedDocument"];

/** The save state of a document just read from the server. */
export function createSaveState<Doc>(doc: Doc, updatedAt: string): SaveState<Doc> {
  return { status: "saved", updatedAt, savedDocument: doc, message: null, savedCount: 0, retryAt: null };
}

/**
 * The save state once the document became `doc` (an edit, an undo): "saved" or "unsaved"
 * by whether it is the saved one; a save in progress or a failure stays as it is.
 */
export function getEditedSaveState<Doc>(save: SaveState<Doc>, doc: Doc): SaveState<Doc> {
  if (save.status !== "saved" && save.status !== "unsaved") return save;
  const status = doc === save.savedDocument ? "saved" : "unsaved";
  return status === save.status ? save : { ...save, status };
}

/** The save state after the server's version was loaded again (a conflict resolved by reloading). */
export function getReloadedSaveState<Doc>(save: SaveState<Doc>, doc: Doc, updatedAt: string): SaveState<Doc> {
  return { ...save, status: "saved", updatedAt, savedDocument: doc, message: null, retryAt: null };
}
