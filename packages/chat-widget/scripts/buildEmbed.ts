// Builds dist/embed.js: the chat widget in one minified IIFE that mounts widgets on any site
// (window.Parley). The viewer serves it at /embed.js. React is replaced by Preact's compat layer
// here only (same API, about a tenth of the size): the share page and the builder keep React.
// The published @parley/js package bundles the same sources with the same options (packages/js).
import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";

/** The script's entry: window.Parley and the script tag's data attributes. */
export const embedEntry = fileURLToPath(new URL("../src/embed/index.ts", import.meta.url));
export const embedOutfile = fileURLToPath(new URL("../dist/embed.js", import.meta.url));
/** The embed's public types (types only: the published packages ship this file as their declarations). */
export const embedPublicTypes = fileURLToPath(new URL("../src/embed/publicTypes.ts", import.meta.url));

/** The embed bundle's budget, gzip-compressed (docs/chat-runtime.md; a test fails above it). */
export const embedGzipBudgetBytes = 60 * 1024;

/** How every browser bundle of the widget is built: minified, on Preact's compat layer, for current browsers. */
export const widgetBundleOptions = {
  bundle: true,
  minify: true,
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  jsx: "automatic",
  alias: {
    react: "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react-dom": "preact/compat",
    "react/jsx-runtime": "preact/jsx-runtime",
  },
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
} satisfies BuildOptions;

/** The embed bundle; `write: false` returns it in memory (the size budget's test). */
export function buildEmbed({
  write = true,
  outfile = embedOutfile,
}: {
  write?: boolean;
  outfile?: string;
} = {}) {
  return build({ ...widgetBundleOptions, entryPoints: [embedEntry], outfile, write, format: "iife" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildEmbed();
