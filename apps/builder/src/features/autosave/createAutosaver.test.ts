import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renameGroup } from "../editor/document/groups";
import type { EditorDocument } from "../editor/store/editorDocument";
import { createEditorStore } from "../editor/store/editorStore";
import { createTestDocument } from "../editor/testing/createTestDocument";
import { createAutosaver, type SaveOutcome, type SaveRequest, saveDebounceMs } from "./createAutosaver";
import { createAutosaveStore } from "./createAutosaveStore";

function setUp(answers: SaveOutcome[]) {
  const doc = { ...createTestDocument(), theme: {}, settings: {} } as EditorDocument;
  const store = createEditorStore(doc, "2026-01-01T00:00:00.000Z");
  const requests: SaveRequest<EditorDocument>[] = [];
  const autosaver = createAutosaver(
    store,
    (state) => state.history.present,
    async (request) => {
      requests.push(request);
      return answers.shift() ?? { kind: "saved", updatedAt: `t${requests.length}` };
    },
  );
  const rename = (title: string) => store.getState().apply((current) => renameGroup(current, "g1", title));
  return { store, requests, autosaver, rename };
}

describe("createAutosaver", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves the changed fields once after the debounce, with the last updatedAt", async () => {
    const { store, requests, rename } = setUp([]);
    rename("A");
    rename("AB");
    expect(store.getState().save.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(requests).toHaveLength(1);
    expect(Object.keys(requests[0]!.changes)).toEqual(["groups"]);
    expect(requests[0]!.changes.groups?.[0]?.title).toBe("AB");
    expect(Object.keys(requests[0]!.base)).toEqual(["groups"]);
    expect(requests[0]!.base.groups?.[0]?.title).toBe("Group #1");
    expect(requests[0]!.updatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(store.getState().save).toMatchObject({ status: "saved", updatedAt: "t1", savedCount: 1 });
    rename("ABC");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(requests[1]!.updatedAt).toBe("t1");
  });

  it("keeps the document and retries with backoff while offline", async () => {
    const { store, requests, rename } = setUp([
      { kind: "offline", message: "Failed to fetch" },
      { kind: "offline", message: "Failed to fetch" },
    ]);
    rename("Offline edit");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(store.getState().save.status).toBe("offline");
    rename("Offline edit 2");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(requests[2]!.changes.groups?.[0]?.title).toBe("Offline edit 2");
    expect(store.getState().save.status).toBe("saved");
  });

  it("stops on a conflict until the author overwrites", async () => {
    const { store, requests, rename, autosaver } = setUp([{ kind: "conflict" }]);
    rename("Mine");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(store.getState().save.status).toBe("conflict");
    rename("Mine again");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    autosaver.overwrite();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests[1]).toMatchObject({ overwrite: true });
    expect(store.getState().save.status).toBe("saved");
  });

  it("saves again right after a save when edits arrived meanwhile", async () => {
    const { store, requests, rename } = setUp([]);
    rename("First");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    rename("Second");
    store.getState().undo();
    store.getState().undo();
    // Back to the document as loaded, which differs from the saved one: saved again.
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.changes.groups?.[0]?.title).toBe("Group #1");
  });

  it("saves a page's document (theme or settings) the same way, and a reload ends a conflict", async () => {
    const store = createAutosaveStore<{ theme?: { color: string } }>({ theme: { color: "red" } }, "t0");
    const requests: SaveRequest<{ theme?: { color: string } }>[] = [];
    const answers: SaveOutcome[] = [{ kind: "conflict" }];
    createAutosaver(
      store,
      (state) => state.document,
      async (request) => {
        requests.push(request);
        return answers.shift() ?? { kind: "saved", updatedAt: "t2" };
      },
    );
    store.getState().edit(() => ({ theme: { color: "blue" } }));
    expect(store.getState().save.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(requests[0]).toEqual({
      changes: { theme: { color: "blue" } },
      base: { theme: { color: "red" } },
      updatedAt: "t0",
      overwrite: false,
    });
    expect(store.getState().save.status).toBe("conflict");
    store.getState().reset({ theme: { color: "green" } }, "t1");
    expect(store.getState()).toMatchObject({
      document: { theme: { color: "green" } },
      save: { status: "saved" },
    });
    store.getState().edit(() => ({ theme: { color: "black" } }));
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(requests[1]).toMatchObject({ changes: { theme: { color: "black" } }, updatedAt: "t1" });
    expect(store.getState().save).toMatchObject({ status: "saved", updatedAt: "t2", savedCount: 1 });
  });

  it("waits for beforeSave, then saves the document as it is then; a failure is retried like an offline save", async () => {
    const store = createAutosaveStore<{ settings?: { title: string; extra?: string } }>(
      { settings: { title: "A" } },
      "t0",
    );
    const requests: SaveRequest<{ settings?: { title: string; extra?: string } }>[] = [];
    let release: () => void = () => undefined;
    let fail = true;
    const asked: (readonly string[])[] = [];
    createAutosaver(
      store,
      (state) => state.document,
      async (request) => {
        requests.push(request);
        return { kind: "saved", updatedAt: `t${requests.length}` };
      },
      {
        beforeSave: (keys) => {
          asked.push(keys);
          if (fail) {
            fail = false;
            return Promise.reject(new Error("The translations could not be loaded"));
          }
          if (asked.length > 2) return null;
          return new Promise<void>((resolve) => {
            release = () => {
              // Completed meanwhile (as the editor puts the translations in).
              store.getState().edit((doc) => ({ settings: { ...doc.settings!, extra: "loaded" } }));
              resolve();
            };
          });
        },
      },
    );
    store.getState().edit(() => ({ settings: { title: "B" } }));
    await vi.advanceTimersByTimeAsync(saveDebounceMs);
    expect(store.getState().save).toMatchObject({
      status: "offline",
      message: "The translations could not be loaded",
    });
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().save.status).toBe("saving");
    expect(requests).toHaveLength(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([["settings"], ["settings"], ["settings"]]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.changes).toEqual({ settings: { title: "B", extra: "loaded" } });
    expect(store.getState().save).toMatchObject({ status: "saved", updatedAt: "t1" });
  });
});
