// npm run docs:config: writes docs/configuration.md and parley.env.example from the declarations of
// packages/config (scripts/lib/configDocs.test.ts fails when the committed files differ).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { configDocFiles, renderConfigurationDoc, renderEnvExample } from "./lib/configDocs";
import { projectRoot } from "./lib/launcherEnv";

writeFileSync(path.join(projectRoot, configDocFiles.configuration), renderConfigurationDoc());
writeFileSync(path.join(projectRoot, configDocFiles.envExample), renderEnvExample());
console.log(`Wrote ${configDocFiles.configuration} and ${configDocFiles.envExample}`);
