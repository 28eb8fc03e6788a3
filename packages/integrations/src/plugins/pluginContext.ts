import type { Database } from "@parley/db";
import type { PluginBlockRequest, PluginBlockResult } from "@parley/engine";
import type { ChatLogInput } from "@parley/schemas";
import type { SaveGeneratedFile } from "../ai/aiBlockContext";
import type { ReadUpload } from "../files/fetchFile";
import type { GoogleEndpoints } from "../google-sheets/googleEndpoints";
import type { ServiceCall } from "./callServiceApi";

/** What a plug-in's handler gets besides its block: the database (its credentials), the call's limits. */
export interface PluginContext {
  getPrisma: () => Database;
  call: Omit<ServiceCall, "service">;
  request: PluginBlockRequest;
  /** The clock events are stamped with. */
  now: () => Date;
  /** Stores a file the block made (ElevenLabs' speech) and answers its URL; absent without file storage. */
  saveGeneratedFile?: SaveGeneratedFile;
  /** Reads the server's own uploads (a file input's answer attached to an e-mail) from storage. */
  readUpload?: ReadUpload;
  /** Google's token endpoint and Gmail API; defaults from the environment. */
  googleEndpoints?: Partial<GoogleEndpoints>;
}

/** A result with only logs. */
export const logsOnly = (...logs: ChatLogInput[]): PluginBlockResult => ({ variableUpdates: [], logs });

export const errorLog = (description: string, details?: string): ChatLogInput => ({
  status: "error",
  description,
  ...(details ? { details } : {}),
});

export const successLog = (description: string): ChatLogInput => ({ status: "success", description });
