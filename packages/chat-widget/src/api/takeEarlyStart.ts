/**
 * A startChat the share page sent before the widget's script arrived (its inline script, see
 * apps/viewer/src/lib/renderSharePage.ts), so the first turn travels while the script downloads.
 * The widget takes it once, for the same bot and prefilled variables and no remembered result;
 * anything else starts its own chat.
 */
export interface EarlyStart {
  publicId: string;
  /** `JSON.stringify` of the prefilled variables sent. */
  variables: string;
  response: Promise<Response>;
}

/** The name of the global the share page's inline script sets. */
export const earlyStartGlobal = "__parleyEarlyStart";

declare global {
  /** Set by the share page's inline script, taken once by the widget. */
  var __parleyEarlyStart: EarlyStart | undefined;
}

export function takeEarlyStart(
  publicId: string,
  prefilledVariables: unknown,
  resultId: string | null | undefined,
): Promise<Response> | undefined {
  const early = globalThis[earlyStartGlobal];
  if (!early) return undefined;
  delete globalThis[earlyStartGlobal];
  const isSame =
    early.publicId === publicId && !resultId && early.variables === JSON.stringify(prefilledVariables ?? {});
  return isSame ? early.response : undefined;
}
