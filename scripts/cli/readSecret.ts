import { read } from "read";
import type { CliContext } from "./cliContext";

/**
 * A secret from the operator, never from the command line: typed at a prompt without echo (twice,
 * to catch a typo) when standard input is a terminal, otherwise the first line of standard input
 * (`printf '%s\n' "$PASSWORD" | npm run cli -- …`).
 */
export async function readSecret(context: CliContext, label: string): Promise<string> {
  const { stdin } = context;
  if (stdin.isTTY) {
    const ask = (prompt: string) =>
      read({
        prompt,
        silent: true,
        replace: "",
        input: stdin,
        output: context.stderr as NodeJS.WritableStream,
      });
    const first = await ask(`${label}: `);
    const again = await ask(`${label} again: `);
    if (first !== again) throw new Error("The two entries differ");
    return first;
  }
  let text = "";
  for await (const chunk of stdin) {
    text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  }
  return text.split(/\r?\n/)[0] ?? "";
}
