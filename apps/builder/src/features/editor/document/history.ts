/**
 * Undo/redo over immutable document snapshots. Consecutive edits that share a
 * `coalesceKey` (typing in one field) within `coalesceMs` make one step.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  lastKey: string | null;
  lastAt: number;
}

export const historyLimit = 200;
const coalesceMs = 1_000;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

export function commitHistory<T>(
  history: History<T>,
  next: T,
  options: { coalesceKey?: string; now: number },
): History<T> {
  if (next === history.present) return history;
  const key = options.coalesceKey ?? null;
  if (key !== null && key === history.lastKey && options.now - history.lastAt < coalesceMs) {
    return { ...history, present: next, future: [], lastAt: options.now };
  }
  const past = [...history.past, history.present];
  if (past.length > historyLimit) past.shift();
  return { past, present: next, future: [], lastKey: key, lastAt: options.now };
}

export function undoHistory<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  };
}

export function redoHistory<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, lastKey: null, lastAt: 0 };
}

/** Replaces the present without an undo step (e.g. the document reloaded from the server). */
export function resetHistory<T>(present: T): History<T> {
  return createHistory(present);
}
