import type { ServerResponse } from "node:http";
import {
  type FakeProviderServer,
  type ProtocolContext,
  type ProviderProtocol,
  type ScriptedReply,
  sendJson,
  startFakeProviderServer,
} from "./fakeProviderServer";

/** The text of a message whose content is a string or a list of blocks (text, tool_use, tool_result). */
const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content
          .map((block: { text?: unknown; content?: unknown }) =>
            typeof block.text === "string"
              ? block.text
              : typeof block.content === "string"
                ? block.content
                : "",
          )
          .join(" ")
      : "";

const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message } });

/** Anthropic's Messages API as documented: x-api-key, anthropic-version, typed SSE events. */
export const anthropicProtocol: ProviderProtocol = {
  async handle(request, response, context) {
    if (request.headers["x-api-key"] !== context.apiKey)
      return sendJson(response, 401, anthropicError("authentication_error", "invalid x-api-key"));
    if (!request.headers["anthropic-version"])
      return sendJson(
        response,
        400,
        anthropicError("invalid_request_error", "anthropic-version header is required"),
      );
    const path = request.path.split("?")[0];
    if (request.method === "GET" && path === "/v1/models")
      return sendJson(response, 200, {
        data: ["claude-sonnet-4-5", "claude-haiku-4-5"].map((id) => ({
          type: "model",
          id,
          display_name: id,
        })),
        has_more: false,
      });
    if (request.method !== "POST" || path !== "/v1/messages")
      return sendJson(response, 404, anthropicError("not_found_error", `Unknown path ${request.path}`));
    const body = request.json ?? {};
    const messages = ((body.messages ?? []) as { role: string; content: unknown }[]).map((message) => ({
      role: message.role,
      content: textOf(message.content),
    }));
    if (typeof body.max_tokens !== "number")
      return sendJson(response, 400, anthropicError("invalid_request_error", "max_tokens: Field required"));
    if (messages.some((message) => message.role !== "user" && message.role !== "assistant"))
      return sendJson(
        response,
        400,
        anthropicError("invalid_request_error", "messages: roles must be user or assistant"),
      );
    const inputTokens = messages.reduce((total, message) => total + message.content.split(/\s+/).length, 0);
    const scripted = context.nextScripted();
    if (scripted) return answerScripted(scripted, body, response, context, inputTokens);
    const tools = body.tools as
      | { name: string; input_schema: { properties?: Record<string, { type?: string; enum?: string[] }> } }[]
      | undefined;
    if (tools?.length && body.stream !== true) {
      const tool = tools[0]!;
      const input = Object.fromEntries(
        Object.entries(tool.input_schema.properties ?? {}).map(([key, schema]) => [
          key,
          schema.enum
            ? schema.enum[0]
            : schema.type === "number"
              ? 7
              : schema.type === "boolean"
                ? false
                : `${key} (claude)`,
        ]),
      );
      return sendJson(response, 200, {
        id: "msg_tool",
        type: "message",
        role: "assistant",
        model: body.model,
        content: [{ type: "tool_use", id: "toolu_1", name: tool.name, input }],
        stop_reason: "tool_use",
        usage: { input_tokens: inputTokens, output_tokens: 9 },
      });
    }
    const text = context.reply([
      ...(body.system ? [{ role: "system", content: String(body.system) }] : []),
      ...messages,
    ]);
    const outputTokens = text.split(/\s+/).filter(Boolean).length;
    const message = { id: "msg_1", type: "message", role: "assistant", model: body.model };
    if (body.stream === true) {
      await context.streamEvents(
        response,
        [
          {
            event: "message_start",
            data: {
              type: "message_start",
              message: { ...message, content: [], usage: { input_tokens: inputTokens, output_tokens: 1 } },
            },
          },
          {
            event: "content_block_start",
            data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          },
          { event: "ping", data: { type: "ping" } },
          ...context.chunk(text).map((piece) => ({
            event: "content_block_delta",
            data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } },
          })),
          { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
          {
            event: "message_delta",
            data: {
              type: "message_delta",
              delta: { stop_reason: "end_turn" },
              usage: { output_tokens: outputTokens },
            },
          },
          { event: "message_stop", data: { type: "message_stop" } },
        ],
        3,
      );
      return;
    }
    return sendJson(response, 200, {
      ...message,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    });
  },
};

/** A scripted answer as the Messages API gives it; streamed, each tool's input comes in three `input_json_delta`s. */
async function answerScripted(
  scripted: ScriptedReply,
  body: Record<string, unknown>,
  response: ServerResponse,
  context: ProtocolContext,
  inputTokens: number,
) {
  if (scripted.httpError)
    return sendJson(
      response,
      scripted.httpError.status,
      anthropicError("invalid_request_error", scripted.httpError.message),
    );
  const text = scripted.text ?? "";
  const calls = scripted.toolCalls ?? [];
  const stopReason = calls.length > 0 ? "tool_use" : "end_turn";
  const message = { id: "msg_scripted", type: "message", role: "assistant", model: body.model };
  if (body.stream !== true)
    return sendJson(response, 200, {
      ...message,
      content: [
        ...(text === "" ? [] : [{ type: "text", text }]),
        ...calls.map((call) => ({
          type: "tool_use",
          id: call.id,
          name: call.name,
          input: JSON.parse(call.arguments),
        })),
      ],
      stop_reason: stopReason,
      usage: { input_tokens: inputTokens, output_tokens: 11 },
    });
  const textBlocks = text === "" ? 0 : 1;
  const thirds = (value: string) => {
    const size = Math.ceil(value.length / 3);
    return [value.slice(0, size), value.slice(size, 2 * size), value.slice(2 * size)];
  };
  await context.streamEvents(
    response,
    [
      {
        event: "message_start",
        data: {
          type: "message_start",
          message: { ...message, content: [], usage: { input_tokens: inputTokens, output_tokens: 1 } },
        },
      },
      ...(text === ""
        ? []
        : [
            {
              event: "content_block_start",
              data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
            },
            ...context.chunk(text).map((piece) => ({
              event: "content_block_delta",
              data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } },
            })),
            { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
          ]),
      ...calls.flatMap((call, position) => {
        const index = textBlocks + position;
        return [
          {
            event: "content_block_start",
            data: {
              type: "content_block_start",
              index,
              content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
            },
          },
          ...thirds(call.arguments).map((piece) => ({
            event: "content_block_delta",
            data: {
              type: "content_block_delta",
              index,
              delta: { type: "input_json_delta", partial_json: piece },
            },
          })),
          { event: "content_block_stop", data: { type: "content_block_stop", index } },
        ];
      }),
      {
        event: "message_delta",
        data: { type: "message_delta", delta: { stop_reason: stopReason }, usage: { output_tokens: 11 } },
      },
      { event: "message_stop", data: { type: "message_stop" } },
    ],
    1,
    scripted,
  );
}

export const startFakeAnthropicServer = (apiKey: string): Promise<FakeProviderServer> =>
  startFakeProviderServer(anthropicProtocol, apiKey);
