import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renameGroup } from "../document/groups";
import { createTestDocument } from "../document/testDocument";
import type { EditorDocument } from "../store/editorDocument";
import { createEditorStore } from "../store/editorStore";
import { createAutosaver, type SaveOutcome, type SaveRequest, saveDebounceMs } from "./createAutosaver";

function setUp(answers: SaveOutcome[]) {
  const doc = { ...createTestDocument(), theme: {}, settings: {} } as EditorDocument;
  const store = createEditorStore(doc, "2026-01-01T00:00:00.000Z");
  const requests: SaveRequest[] = [];
  const autosaver = createAutosaver(store, async (request) => {
    requests.push(request);
    return answers.shift() ?? { kind: "saved", updatedAt: `t${requests.length}` };
  });
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
});
