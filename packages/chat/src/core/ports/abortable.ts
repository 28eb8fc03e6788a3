/**
 * Settles with `work`, or rejects as soon as `signal` aborts (the turn's time
 * budget ran out): the engine stops waiting even for a call that cannot be
 * cancelled itself.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("The turn's time budget ran out"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("The turn's time budget ran out"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
