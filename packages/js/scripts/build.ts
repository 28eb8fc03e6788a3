// Builds the published @parley/js: dist/index.js (ES module, no global), dist/web.js (the script-tag
// build: window.Parley and data attributes, the same bundle as the viewer's /embed.js), and their
// declarations (dist/types.d.ts: the embed's public types; dist/index.d.ts: the exports). The
// widget's sources (packages/chat-widget, @parley/schemas) are bundled in: the package has no
// dependency.
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildEmbed, embedPublicTypes, widgetBundleOptions } from "@parley/chat-widget/build";
import { build } from "esbuild";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const moduleEntry = fileURLToPath(new URL("../src/index.ts", import.meta.url));

/** The names `@parley/js` exports beside its default export (the host-page API's functions). */
export const parleyApiNames = [
  "initStandard",
  "initPopup",
  "initBubble",
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

/** The ES module build; `write: false` returns it in memory (the size budget's test). */
export function buildModule({ write = true }: { write?: boolean } = {}) {
  return build({
    ...widgetBundleOptions,
    entryPoints: [moduleEntry],
    outfile: `${dist}index.js`,
    write,
    format: "esm",
    platform: "browser",
  });
}

export const indexDeclarations = `import type { ParleyApi } from "./types.js";

export * from "./types.js";

/** Mounts and drives Parley chat widgets: \`Parley.initBubble({ publicId, chatKey, apiHost })\`. */
declare const Parley: ParleyApi;
export default Parley;

${parleyApiNames.map((name) => `export declare const ${name}: ParleyApi["${name}"];`).join("\n")}
`;

export async function buildPackage() {
  await mkdir(dist, { recursive: true });
  await buildModule();
  await buildEmbed({ outfile: `${dist}web.js` });
  await copyFile(embedPublicTypes, `${dist}types.d.ts`);
  await writeFile(`${dist}index.d.ts`, indexDeclarations);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackage();
