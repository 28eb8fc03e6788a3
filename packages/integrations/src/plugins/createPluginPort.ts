import type { Database } from "@parley/db";
import type { PluginBlock, PluginBlockResult, PluginPort } from "@parley/engine";
import type { SaveGeneratedFile } from "../ai/aiBlockContext";
import type { ReadUpload } from "../files/fetchFile";
import type { GoogleEndpoints } from "../google-sheets/googleEndpoints";
import { runCalCom } from "./cal-com/runCalCom";
import { runChatNode } from "./chat-node/runChatNode";
import { runDify } from "./dify/runDify";
import { runElevenLabs } from "./elevenlabs/runElevenLabs";
import { runGmail } from "./gmail/runGmail";
import { runNocoDb } from "./nocodb/runNocoDb";
import type { PluginContext } from "./pluginContext";
import { runPostHog } from "./posthog/runPostHog";
import { runSegment } from "./segment/runSegment";
import { runZendesk } from "./zendesk/runZendesk";

type PluginHandlers = {
  [T in PluginBlock["type"]]: (
    block: Extract<PluginBlock, { type: T }>,
    context: PluginContext,
  ) => Promise<PluginBlockResult>;
};

/** The handler of each server-side plug-in kind (a kind missing here does not compile). */
const handlers: PluginHandlers = {
  posthog: runPostHog,
  segment: runSegment,
  nocodb: runNocoDb,
  "dify-ai": runDify,
  "chat-node": runChatNode,
  elevenlabs: runElevenLabs,
  gmail: runGmail,
  "cal-com": runCalCom,
  zendesk: runZendesk,
};

export interface PluginPortServices {
  getPrisma: () => Database;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS. */
  allowList?: readonly string[];
  signal?: AbortSignal;
  now?: () => Date;
  /** Where files the blocks make (speech) are stored. */
  saveGeneratedFile?: SaveGeneratedFile;
  /** Reads the server's own uploads from storage (e-mail attachments). */
  readUpload?: ReadUpload;
  /** Google's token endpoint and Gmail API (tests: a local protocol server). */
  googleEndpoints?: Partial<GoogleEndpoints>;
}

/** The plug-in port of one turn: each block's handler, with the workspace's credentials and the turn's signal. */
export function createPluginPort(services: PluginPortServices): PluginPort {
  return {
    executeBlock: (request) => {
      const context: PluginContext = {
        getPrisma: services.getPrisma,
        call: { allowList: services.allowList, signal: services.signal },
        request,
        now: services.now ?? (() => new Date()),
        saveGeneratedFile: services.saveGeneratedFile,
        readUpload: services.readUpload,
        googleEndpoints: services.googleEndpoints,
      };
      const handler = handlers[request.block.type] as (
        block: PluginBlock,
        context: PluginContext,
      ) => Promise<PluginBlockResult>;
      return handler(request.block, context);
    },
  };
}
