import path from "node:path";
import { platformEnv } from "./env";

/** `scripts/chatServer.ts` → `chat-server`, `dist/server/cli.mjs` → `cli`: the entry script's name in kebab case. */
export function roleOfEntryScript(entry: string | undefined): string {
  const name = path.basename(entry ?? "", path.extname(entry ?? ""));
  const role = name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "");
  return /^[a-z]/.test(role) ? role.slice(0, 32) : "node";
}

/**
 * What this process is (builder, viewer, chat-server, cli, worker…): PARLEY_PROCESS_ROLE, set by the launchers
 * for the processes they start and by the apps' server; else the entry script's name (`npm run cli` → `cli`).
 * On every log line and in `parley_build_info`.
 */
export const processRole: string = platformEnv.PARLEY_PROCESS_ROLE ?? roleOfEntryScript(process.argv[1]);
