import type { HttpResult, OutgoingHttpRequest } from "../../ports";
import { addClientSideAction, addLog } from "../../walk/TurnContext";
import type { ActionExecutor, BlockRun } from "../BlockExecutor";
import { applyClientHttpReply } from "./applyClientHttpReply";
import { applyResponseMapping, parseResponseBody } from "./applyResponseMapping";
import { buildHttpRequest, type HttpRequestLikeBlock } from "./buildHttpRequest";
import { countHttpRequestVisit } from "./countHttpRequestVisit";
import type { HttpResponseData } from "./readResponsePath";

/** Logged response bodies are cut here. */
const MAX_LOGGED_BODY = 2_000;

/**
 * `Webhook` (HTTP request), `Zapier`, `Make.com`, `Pabbly`: sends the request through the SSRF-safe
 * port (or asks the client to, when executed on the client) and maps the response into variables.
 * Failures are logged (never shown to live clients: they may hold secrets) and the flow goes on.
 */
export const httpRequest: ActionExecutor<HttpRequestLikeBlock> = {
  kind: "action",
  isSkippedInReplay: true,
  async execute(run) {
    const options = run.block.options ?? {};
    const request = buildHttpRequest(run);
    if (!request.url) {
      addLog(run.ctx, {
        status: "error",
        description: "HTTP request has no URL; skipped",
        context: run.block.id,
      });
      return { type: "next" };
    }
    if (options.isExecutedOnClient) return askClient(run, request);
    const result = await run.ctx.ports.fetchHttp({ ...request, idempotency: countHttpRequestVisit(run) });
    const response = toResponseData(result);
    logResult(run, request, result, response);
    await applyResponseMapping(run, response);
    return { type: "next" };
  },
  applyDedicatedReply: applyClientHttpReply,
};

const askClient = (run: BlockRun<HttpRequestLikeBlock>, request: OutgoingHttpRequest) => {
  addClientSideAction(run.ctx, {
    type: "httpRequestToExecute",
    httpRequestToExecute: {
      url: request.url,
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: parseResponseBody(request.body) } : {}),
    },
    expectsDedicatedReply: true,
  });
  return {
    type: "wait" as const,
    waitFor: {
      kind: "dedicatedReply" as const,
      action: "httpRequest" as const,
      groupId: run.group.id,
      blockId: run.block.id,
    },
  };
};

/** What mappings see: the status and parsed body, or status 500 with the error for failed requests. */
const toResponseData = (result: HttpResult): HttpResponseData =>
  result.ok
    ? { statusCode: result.status, data: parseResponseBody(result.body) }
    : { statusCode: 500, data: { message: result.error.message, code: result.error.code } };

const logResult = (
  run: BlockRun<HttpRequestLikeBlock>,
  request: OutgoingHttpRequest,
  result: HttpResult,
  response: HttpResponseData,
) => {
  const isSuccess = result.ok && result.status < 400;
  const details = JSON.stringify({
    request: { url: request.url, method: request.method },
    response: result.ok
      ? { statusCode: result.status, body: result.body.slice(0, MAX_LOGGED_BODY) }
      : response.data,
  });
  addLog(
    run.ctx,
    {
      status: isSuccess ? "success" : "error",
      description: isSuccess
        ? "HTTP request succeeded"
        : result.ok
          ? `HTTP request answered ${result.status}`
          : `HTTP request failed (${result.error.code})`,
      details,
      context: run.block.id,
    },
    { isHiddenFromLiveClient: true },
  );
};
