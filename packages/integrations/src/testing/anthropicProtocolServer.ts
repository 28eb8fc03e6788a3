import {
  type FakeProviderServer,
  type ProviderProtocol,
  sendJson,
  startFakeProviderServer,
} from "./fakeProviderServer";

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
    const messages = (body.messages ?? []) as { role: string; content: string }[];
    if (typeof body.max_tokens !== "number")
      return sendJson(response, 400, anthropicError("invalid_request_error", "max_tokens: Field required"));
    if (messages.some((message) => message.role !== "user" && message.role !== "assistant"))
      return sendJson(
        response,
        400,
        anthropicError("invalid_request_error", "messages: roles must be user or assistant"),
      );
    const inputTokens = messages.reduce((total, message) => total + message.content.split(/\s+/).length, 0);
    const tools = body.tools as
      | { name: string; input_schema: { properties?: Record<string, { type?: string; enum?: string[] }> } }[]
      | undefined;
    if (tools?.length) {
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

export const startFakeAnthropicServer = (apiKey: string): Promise<FakeProviderServer> =>
  startFakeProviderServer(anthropicProtocol, apiKey);
