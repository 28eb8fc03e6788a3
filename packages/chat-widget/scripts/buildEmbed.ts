// Builds dist/embed.js: the chat widget in one minified IIFE that mounts widgets on any site
// (window.Parley). The viewer serves it at /embed.js. React is replaced by Preact's compat layer
// here only (same API, about a tenth of the size): the share page and the builder keep React.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("../src/embed/index.ts", import.meta.url));
export const embedOutfile = fileURLToPath(new URL("../dist/embed.js", import.meta.url));

/** The embed bundle's budget, gzip-compressed (docs/chat-runtime.md; a test fails above it). */
export const embedGzipBudgetBytes = 60 * 1024;

/** The embed bundle; `write: false` returns it in memory (the size budget's test). */
export function buildEmbed({ write = true }: { write?: boolean } = {}) {
  return build({
    entryPoints: [entry],
    outfile: embedOutfile,
    write,
    bundle: true,
    minify: true,
    format: "iife",
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
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildEmbed();
