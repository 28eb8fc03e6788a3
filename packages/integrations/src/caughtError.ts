/** What a caught value says, read without assuming it is an Error (any value can be thrown). */

/** An Error's message, else the thrown value as text. */
export const errorMessageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** An Error's name ("AbortError", "TypeError"), else "Error". */
export const errorNameOf = (error: unknown): string => (error instanceof Error ? error.name : "Error");

/** A system or library error's code (`ENOTFOUND`, `ECONNRESET`, `EAUTH`), when it carries a text one. */
export function errorCodeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;
}
