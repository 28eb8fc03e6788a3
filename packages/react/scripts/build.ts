// Builds the published @parley/react: dist/index.js (ES module; React and @parley/js stay imports,
// a peer dependency and a dependency) and its declarations (dist/types.d.ts, dist/index.d.ts).
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const entry = fileURLToPath(new URL("../src/index.tsx", import.meta.url));
const publicTypes = fileURLToPath(new URL("../src/types.ts", import.meta.url));

/** The commands re-exported from @parley/js. */
export const reexportedCommands = [
  "open",
  "close",
  "toggle",
  "reload",
  "setPrefilledVariables",
  "setInputValue",
  "sendCommand",
  "showPreviewMessage",
  "hidePreviewMessage",
  "unmount",
] as const;

/** The ES module; `write: false` returns it in memory (the package's test). */
export function buildModule({ write = true }: { write?: boolean } = {}) {
  return build({
    entryPoints: [entry],
    outfile: `${dist}index.js`,
    write,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    jsx: "automatic",
    external: ["react", "react/jsx-runtime", "@parley/js"],
    legalComments: "none",
    logLevel: "warning",
  });
}

export const indexDeclarations = `import type { ReactElement } from "react";
import type { BubbleProps, PopupProps, StandardProps } from "./types.js";

export * from "./types.js";
export { ${reexportedCommands.join(", ")} } from "@parley/js";

/** The chat filling this component's box. */
export declare function Standard(props: StandardProps): ReactElement;
/** A chat window over the page (renders nothing in place). */
export declare function Popup(props: PopupProps): null;
/** A chat bubble in a corner of the page (renders nothing in place). */
export declare function Bubble(props: BubbleProps): null;
`;

export async function buildPackage() {
  await mkdir(dist, { recursive: true });
  await buildModule();
  await copyFile(publicTypes, `${dist}types.d.ts`);
  await writeFile(`${dist}index.d.ts`, indexDeclarations);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackage();
