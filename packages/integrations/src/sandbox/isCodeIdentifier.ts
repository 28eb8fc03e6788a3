/** Words that cannot name a parameter of the (sloppy-mode, async) function user code runs in. */
const reservedWords = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof let new null return static super switch this throw true try " +
    "typeof var void while with yield implements interface package private protected public arguments eval"
  ).split(" "),
);

/** Names the sandbox itself puts in scope; a variable of that name would hide them. */
export const sandboxGlobals = new Set(["setVariable", "fetch", "console", "globalThis"]);

const identifierPattern = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** Whether `name` can be exposed to user code as a plain identifier. */
export function isCodeIdentifier(name: string): boolean {
  return identifierPattern.test(name) && !reservedWords.has(name) && !sandboxGlobals.has(name);
}
