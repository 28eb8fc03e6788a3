import type { Database } from "@parley/db";
import type { PluginBlockRequest, PluginBlockResult } from "@parley/engine";
import type { ChatLogInput } from "@parley/schemas";
import type { ServiceCall } from "./callServiceApi";

/** What a plug-in's handler gets besides its block: the database (its credentials), the call's limits. */
export interface PluginContext {
  getPrisma: () => Database;
  call: Omit<ServiceCall, "service">;
  request: PluginBlockRequest;
  /** The clock events are stamped with. */
  now: () => Date;
}

/** A result with only logs. */
export const logsOnly = (...logs: ChatLogInput[]): PluginBlockResult => ({ variableUpdates: [], logs });

export const errorLog = (description: string, details?: string): ChatLogInput => ({
  status: "error",
  description,
  ...(details ? { details } : {}),
});

export const successLog = (description: string): ChatLogInput => ({ status: "success", description });
