// The shape of a chat endpoint and of the context its handler gets. Each feature folder declares its own
// endpoints with these types; chatEndpoints.ts (the package's root) concatenates them into the table.

import type { RequestScope } from "@parley/platform/http/handleWebRequest";
import type { z } from "zod";
import type { ChatRuntime } from "./chatRuntime";

/** `{chat_url}` (the viewer, and `npm run chat-server`) or `{base_url}` (the builder, sign-in cookie too). */
export type ChatHost = "viewer" | "builder";

/** The `{name}` segments of a path template, as an object of strings. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : Record<never, string>;

/** What a handler gets; `Runtime` is the core's runtime plus the slices of the handler's feature. */
export interface ChatRequestContext<
  Params = Record<string, string>,
  Runtime extends ChatRuntime = ChatRuntime,
> {
  request: Request;
  scope: RequestScope;
  runtime: Runtime;
  /** The path parameters, decoded, extracted once by the table's matcher. */
  params: Params;
  /** When the request reached the handler (ms since the epoch, this process's clock). */
  receivedAt: number;
  /** The request URL's path (not decoded), as the table's matcher read it. */
  pathname: string;
}

export interface ChatEndpointDocs {
  operationId: string;
  summary: string;
  description: string;
  /** Description of each path parameter. */
  params: Record<string, string>;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  /** Also answers NOT_FOUND (404), for records addressed by path (the chat endpoints use BAD_REQUEST issues). */
  answersNotFound?: true;
  /** Authenticated otherwise than by a bearer token (a platform's webhook: a signature or a shared token). */
  isWithoutBearer?: boolean;
  request?: z.ZodType;
  /** A JSON response body, or the description of a `text/plain` one. */
  response: z.ZodType | { text: string };
}

export interface ChatEndpoint<Path extends string = string, Runtime extends ChatRuntime = ChatRuntime> {
  method: "GET" | "POST" | "PUT";
  /** Under /api/v1 (or `apiVersion`); `{name}` is one path segment handed to the handler as `params.name`. */
  path: Path;
  /** Typebot's paths under /api/v2 and /api/v3 (docs/typebot-compat.md); v1 when absent. */
  apiVersion?: "v2" | "v3";
  hosts: readonly ChatHost[];
  // Method syntax: one array holds handlers of different parameter shapes.
  handle(context: ChatRequestContext<PathParams<Path>, Runtime>): Promise<Response>;
  /** Its operation in the OpenAPI document; none for the URLs the API hands out (upload, file). */
  docs?: ChatEndpointDocs;
}

/** One endpoint of a feature's list, its handler's parameters checked against its path. */
export function defineChatEndpoint<const Path extends string, Runtime extends ChatRuntime = ChatRuntime>(
  definition: ChatEndpoint<Path, Runtime>,
): ChatEndpoint<string, Runtime> {
  return definition;
}

export const bothHosts = ["viewer", "builder"] as const;
/** Typebot's /api/v2 and /api/v3 paths: the viewer (and chat server) only; the builder mounts /api/v1 alone. */
export const viewerHost = ["viewer"] as const;

/** The endpoint's path from the host's root: `/api/v1/sessions/{sessionId}/continueChat`. */
export function fullChatPath(endpoint: Pick<ChatEndpoint, "path" | "apiVersion">): string {
  return `/api/${endpoint.apiVersion ?? "v1"}${endpoint.path}`;
}
