import { platformEnv } from "./env";

/**
 * What this process is (builder, viewer, chat-server, cli, worker…): PARLEY_PROCESS_ROLE, set by each entry
 * point (and by the launchers for the processes they start) before the platform is imported. On every
 * log line and in `parley_build_info`.
 */
export const processRole: string = platformEnv.PARLEY_PROCESS_ROLE;
