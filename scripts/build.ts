// npm run build: everything production runs, built once: the apps' standalone servers (with their
// static assets), the embed script, and the plain-JavaScript bundles of the chat server, `npm run
// migrate`, `npm run start:prod` and the CLI (run by bin/parley) in dist/server. Then: npm run
// migrate && npm run start:prod.
import { buildProduction } from "./lib/buildProduction";

await buildProduction((line) => console.log(`[build] ${line}`)).catch((error: unknown) => {
  console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
