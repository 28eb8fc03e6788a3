import {
  type HttpRequestBlock,
  type HttpRequestOptions,
  httpRequestBlock,
  type KeyValue,
  type MakeComBlock,
  type PabblyConnectBlock,
  type ZapierBlock,
} from "@parley/schemas";
import type { OutgoingHttpRequest } from "../../ports";
import { parseVariables } from "../../variables/parseVariables";
import type { VariableScope } from "../../variables/VariableScope";
import { getCurrentFrame, getCurrentScope, type TurnContext } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { substituteJsonBody } from "./substituteJsonBody";

/** HTTP request and the automation platforms (Zapier, Make.com, Pabbly) send a request the same way. */
export type HttpRequestLikeBlock = HttpRequestBlock | ZapierBlock | MakeComBlock | PabblyConnectBlock;

/** Default timeouts in seconds: the HTTP request block's, and the automation platforms' (no setting). */
const DEFAULT_TIMEOUT_SECONDS = 10;
const PLATFORM_TIMEOUT_SECONDS = 30;
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);

/**
 * The request as configured: URL and query parameters with variables, headers (a `Basic user:pass`
 * authorization is base64-encoded), and the body — the custom one (JSON-aware substitution), or the
 * default `{submittedAt, answers…, variables…}`.
 */
export const buildHttpRequest = (run: BlockRun<HttpRequestLikeBlock>): OutgoingHttpRequest => {
  const options = run.block.options ?? {};
  const scope = getCurrentScope(run.ctx);
  const method = options.webhook?.method ?? "POST";
  const url = appendQueryParams(
    parseVariables(options.webhook?.url, scope).trim(),
    options.webhook?.queryParams,
    scope,
  );
  const headers = buildHeaders(options.webhook?.headers, scope);
  const body = METHODS_WITHOUT_BODY.has(method) ? undefined : buildBody(run.ctx, options, scope);
  if (body !== undefined && !Object.keys(headers).some((key) => key.toLowerCase() === "content-type")) {
    headers["Content-Type"] = isJson(body) ? "application/json" : "text/plain";
  }
  const defaultTimeout =
    run.block.type === httpRequestBlock.type ? DEFAULT_TIMEOUT_SECONDS : PLATFORM_TIMEOUT_SECONDS;
  return {
    url,
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    timeoutMs: (options.timeout ?? defaultTimeout) * 1000,
  };
};

const appendQueryParams = (url: string, params: KeyValue[] | undefined, scope: VariableScope): string => {
  const pairs = (params ?? [])
    .filter((param) => param.key?.trim())
    .map(
      (param) =>
        `${encodeURIComponent(parseVariables(param.key, scope))}=${encodeURIComponent(parseVariables(param.value, scope))}`,
    );
  if (pairs.length === 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${pairs.join("&")}`;
};

const buildHeaders = (headers: KeyValue[] | undefined, scope: VariableScope): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const header of headers ?? []) {
    const key = parseVariables(header.key, scope).trim();
    if (!key) continue;
    result[key] = encodeBasicAuthorization(key, parseVariables(header.value, scope));
  }
  return result;
};

/** `Authorization: Basic user:pass` is what authors type; the wire wants base64. */
const encodeBasicAuthorization = (key: string, value: string): string => {
  const match = value.match(/^Basic\s+(.+)$/i);
  if (key.toLowerCase() !== "authorization" || !match?.[1]?.includes(":")) return value;
  return `Basic ${Buffer.from(match[1], "utf8").toString("base64")}`;
};

const buildBody = (ctx: TurnContext, options: HttpRequestOptions, scope: VariableScope): string => {
  const custom = options.webhook?.body;
  const isDefaultBody = !options.isCustomBody || !custom?.trim() || custom.trim() === "{{state}}";
  if (!isDefaultBody) return substituteJsonBody(custom ?? "", scope);
  const frame = getCurrentFrame(ctx);
  const answers = ctx.state.results[frame.resultId]?.answers ?? [];
  const body: Record<string, unknown> = { submittedAt: ctx.ports.now().toISOString() };
  for (const answer of answers) body[answer.key] = answer.value;
  for (const variable of scope.flow.variables) {
    const value = scope.values[variable.id];
    if (value !== undefined) body[variable.name] = value;
  }
  return JSON.stringify(body);
};

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
