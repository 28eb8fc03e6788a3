import { type AiAgentHttpTool, parsePropertyPath, readPath } from "@parley/schemas";
import { isOutboundError } from "../../outbound/OutboundError";
import { safeFetch } from "../../outbound/safeFetch";

/** The most characters of a response handed back to the model. */
export const MAX_TOOL_RESULT_LENGTH = 8_000;
const HTTP_TOOL_TIMEOUT_MS = 10_000;

export type HttpToolOutcome = { ok: true; result: string } | { ok: false; error: string };

/**
 * An author's HTTP tool: `{{parameter}}` replaced by the model's arguments (URL-encoded in the URL,
 * JSON-escaped in the body), then `{{Variable}}` by the bot's values; sent through safeFetch (the SSRF
 * rules of every outbound request); the body, or the value at `responsePath` of a JSON body, is the result.
 */
export async function runHttpTool(
  tool: AiAgentHttpTool,
  args: Record<string, unknown>,
  context: {
    parseVariables: (text: string) => string;
    allowList?: readonly string[];
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<HttpToolOutcome> {
  const fill = (text: string, encode: (value: string) => string) =>
    context.parseVariables(
      text.replace(/\{\{\s*([a-zA-Z0-9_-]+)\s*\}\}/g, (whole, name: string) =>
        Object.hasOwn(args, name) ? encode(toText(args[name])) : whole,
      ),
    );
  const url = fill(tool.url ?? "", encodeURIComponent);
  const headers: Record<string, string> = {};
  for (const header of tool.headers ?? []) {
    const key = header.key?.trim();
    if (key) headers[key] = fill(header.value ?? "", (value) => value);
  }
  const method = tool.method ?? "GET";
  const body =
    tool.body?.trim() && method !== "GET" && method !== "HEAD" ? fill(tool.body, jsonEscape) : undefined;
  if (body !== undefined && !Object.keys(headers).some((key) => key.toLowerCase() === "content-type"))
    headers["content-type"] = "application/json";
  try {
    const response = await safeFetch(url, {
      method,
      headers,
      body: body ?? null,
      timeoutMs: Math.min(context.timeoutMs ?? HTTP_TOOL_TIMEOUT_MS, HTTP_TOOL_TIMEOUT_MS),
      allowList: context.allowList,
      signal: context.signal,
    });
    const mapped = mapResponse(response.bodyText, tool.responsePath);
    const text = response.status >= 400 ? `HTTP ${response.status}: ${mapped}` : mapped;
    return { ok: true, result: text.slice(0, MAX_TOOL_RESULT_LENGTH) };
  } catch (error) {
    const message = isOutboundError(error) ? `${error.code}: ${error.message}` : String(error);
    return { ok: false, error: message };
  }
}

/** The body, or the value at a dotted path of a JSON body (as JSON unless it is text). */
function mapResponse(bodyText: string, responsePath: string | undefined): string {
  const path = responsePath?.trim() ? parsePropertyPath(responsePath.trim()) : undefined;
  if (!path) return bodyText;
  try {
    return toText(readPath(JSON.parse(bodyText), path) ?? null);
  } catch {
    return bodyText;
  }
}

const toText = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? "");

/** A value inside a JSON string literal of the author's body template. */
const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);
