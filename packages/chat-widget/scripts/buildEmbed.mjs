// Builds dist/embed.js: the chat widget and its React runtime in one minified IIFE that
// mounts widgets on any site (window.Parley). The viewer serves it at /embed.js.
import { build } from "esbuild";

await build({
  entryPoints: [new URL("../src/embed/index.ts", import.meta.url).pathname],
  outfile: new URL("../dist/embed.js", import.meta.url).pathname,
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
});
