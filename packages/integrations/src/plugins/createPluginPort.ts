import type { Database } from "@parley/db";
import type { PluginBlock, PluginBlockResult, PluginPort } from "@parley/engine";
import { runDify } from "./dify/runDify";
import { runNocoDb } from "./nocodb/runNocoDb";
import type { PluginContext } from "./pluginContext";
import { runPostHog } from "./posthog/runPostHog";
import { runSegment } from "./segment/runSegment";

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
};

export interface PluginPortServices {
  getPrisma: () => Database;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS. */
  allowList?: readonly string[];
  signal?: AbortSignal;
  now?: () => Date;
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
      };
      const handler = handlers[request.block.type] as (
        block: PluginBlock,
        context: PluginContext,
      ) => Promise<PluginBlockResult>;
      return handler(request.block, context);
    },
  };
}
