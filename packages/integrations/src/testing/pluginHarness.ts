import type { IncomingMessage, ServerResponse } from "node:http";
import { getPrisma } from "@parley/db";
import type { DraftBlock } from "@parley/engine/testing";
import { createFlow, createTestPorts, startTestChat } from "@parley/engine/testing";
import { createPluginPort, type PluginPortServices } from "../plugins/createPluginPort";
import { readRequestText, startLocalServer } from "./startLocalServer";

/** One request a plug-in's service received: the exact bytes of its body and its headers. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type ServiceAnswer = (request: ReceivedRequest, response: ServerResponse) => void;

export interface ServiceServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request so far, in order. */
  received: ReceivedRequest[];
  /** How the next requests are answered; null: 200 `{}`. */
  answer: ServiceAnswer | null;
  close(): Promise<void>;
}

/** A service on 127.0.0.1 that records every request (its body read whole) and answers with `answer`. */
export async function startServiceServer(): Promise<ServiceServer> {
  const service: ServiceServer = { origin: "", received: [], answer: null, close: async () => {} };
  const server = await startLocalServer((request, response) => {
    void readRequestText(request).then((body) => {
      const received = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
      };
      service.received.push(received);
      if (service.answer) return service.answer(received, response);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  service.origin = server.origin;
  service.close = server.close;
  return service;
}

export const pluginTestNow = new Date("2026-08-21T10:00:00.000Z");

/**
 * Runs one plug-in block in a chat of `workspaceId` (variables `Email` = ada@example.com, `Plan` = pro, and
 * `Out`/`Out2` to save into), through the plug-in port allowed to reach 127.0.0.1 (with `services`: file
 * storage, Google's endpoints); returns the chat, the
 * block's logs and the variables after it.
 */
export async function runPluginBlock(
  workspaceId: string,
  block: DraftBlock,
  services: Pick<PluginPortServices, "saveGeneratedFile" | "googleEndpoints"> = {},
) {
  const flow = createFlow({
    workspaceId,
    botId: "bot-plugins",
    variables: [
      { id: "v-email", name: "Email", value: "ada@example.com" },
      { id: "v-plan", name: "Plan", value: "pro" },
      { id: "v-out", name: "Out" },
      { id: "v-out2", name: "Out2" },
    ],
    groups: [{ id: "g", title: "Plug-in", blocks: [block, { id: "end", type: "text input", options: {} }] }],
    edges: [],
  });
  const plugins = createPluginPort({
    getPrisma,
    allowList: ["127.0.0.1"],
    now: () => pluginTestNow,
    ...services,
  });
  const chat = await startTestChat(flow, { ports: createTestPorts({ plugins }) });
  const values = chat.outcome.state.frames[0]!.variables;
  return {
    chat,
    variables: values,
    logs: chat.outcome.logsToPersist
      .filter((log) => log.context === block.id)
      .map(({ status, description, details }) => ({ status, description, ...(details ? { details } : {}) })),
  };
}
