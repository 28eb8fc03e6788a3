// The product as an external checker sees it: the builder ({base_url}) and the viewer
// ({chat_url}) mounted on real node:http servers of this process, over the worker's
// PostgreSQL, called with fetch. Both mount the chat endpoints' table as apps/builder and apps/viewer do.
import type { AddressInfo } from "node:net";
import { createChatRouter, type WebHandler } from "@parley/chat/createChatRouter";
import { createChatServer } from "@parley/chat/server/createChatServer";
import { createTestChat } from "@parley/chat/testing/chatFixtures";
import { handleUnknownApiPath } from "@parley/platform/http/handleUnknownApiPath";
import { afterAll, beforeAll, expect } from "vitest";
import { handleRestRequest } from "../mounts";
import { handleChatOpenApiRequest } from "../openapi/getChatOpenApiDocument";
import { handleOpenApiRequest } from "../openapi/getOpenApiDocument";
import { type ClientRequestOptions, toClientRequestInit } from "../testing/fixtures";

export interface Apps {
  baseUrl: string;
  chatUrl: string;
}

async function listen(handle: WebHandler) {
  const { server, close } = createChatServer({ origin: "http://127.0.0.1", handle });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => close(1_000) };
}

/** Starts both apps before the file's tests and stops them after; read the URLs inside tests. */
export function useApps(): Apps {
  const apps: Apps = { baseUrl: "", chatUrl: "" };
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const { runtime, chat } = createTestChat();
    // The builder's /api/v1 catch-all: its chat endpoints, else the REST API (apps/builder/src/app/api/v1).
    const builder = await listen(
      createChatRouter(runtime, "builder", (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === "/api/v1/openapi.json") return handleOpenApiRequest(request);
        return (pathname.startsWith("/api/v1/") ? handleRestRequest : handleUnknownApiPath)(request);
      }),
    );
    // The viewer serves its own document beside the chat endpoints (apps/viewer/src/app/api/v1/openapi.json).
    const viewer = await listen((request) =>
      new URL(request.url).pathname === "/api/v1/openapi.json"
        ? handleChatOpenApiRequest(request)
        : chat(request),
    );
    apps.baseUrl = builder.url;
    apps.chatUrl = viewer.url;
    closers.push(builder.close, viewer.close);
  });
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
  });
  return apps;
}

// biome-ignore lint/suspicious/noExplicitAny: conformance tests assert on JSON bodies of every shape
type Json = any;

export interface HttpAnswer {
  status: number;
  body: Json;
  text: string;
  headers: Headers;
}

/** One HTTP request as a client sends it: `Authorization: Bearer <token>`, JSON body. */
export async function call(
  method: string,
  url: string,
  options: ClientRequestOptions = {},
): Promise<HttpAnswer> {
  const response = await fetch(url, toClientRequestInit(method, options));
  const text = await response.text();
  let parsed: Json;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

export const errorStatuses = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
} as const;
export type ContractCode = keyof typeof errorStatuses;

const fixedMessages: Record<ContractCode, string> = {
  BAD_REQUEST: "Invalid input data",
  UNAUTHORIZED: "Authorization not provided",
  FORBIDDEN: "Insufficient access",
  NOT_FOUND: "Not found",
  INTERNAL_SERVER_ERROR: "Internal server error",
};

/**
 * The error answer of the contract: the code's status, a body of exactly
 * `{code, message, issues}` with the fixed message, issues shaped
 * `{message, path?, code?}`, and an `x-request-id` header. Returns the issues.
 */
export function expectError(answer: HttpAnswer, code: ContractCode, issueCode?: string) {
  const context = `${answer.status} ${answer.text.slice(0, 400)}`;
  expect(answer.status, context).toBe(errorStatuses[code]);
  expect(answer.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(Object.keys(answer.body ?? {}).sort(), context).toEqual(["code", "issues", "message"]);
  expect(answer.body.code, context).toBe(code);
  expect(answer.body.message, context).toBe(fixedMessages[code]);
  expect(Array.isArray(answer.body.issues), context).toBe(true);
  for (const issue of answer.body.issues) {
    expect(typeof issue.message, context).toBe("string");
    for (const key of Object.keys(issue)) expect(["message", "path", "code"], context).toContain(key);
    if (issue.path !== undefined) {
      expect(Array.isArray(issue.path), context).toBe(true);
      for (const segment of issue.path) expect(["string", "number"], context).toContain(typeof segment);
    }
    if (issue.code !== undefined) expect(issue.code, context).toMatch(/^[A-Z][A-Z0-9_]*$/);
  }
  if (code === "INTERNAL_SERVER_ERROR") expect(answer.body.issues).toEqual([]);
  if (issueCode) {
    expect(
      answer.body.issues.map((issue: { code?: string }) => issue.code),
      context,
    ).toContain(issueCode);
  }
  expect(answer.headers.get("x-request-id"), context).toMatch(/^[\w-]{8,128}$/);
  return answer.body.issues as { message: string; path?: (string | number)[]; code?: string }[];
}

/** A 200 JSON answer; returns its body. */
export function expectOk(answer: HttpAnswer) {
  expect(answer.status, answer.text.slice(0, 600)).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("x-request-id")).toMatch(/^[\w-]{8,128}$/);
  return answer.body;
}

/** `value` is an object with exactly these keys. */
export function expectKeys(value: unknown, keys: string[]) {
  expect(value).toBeTypeOf("object");
  expect(Object.keys(value as object).sort()).toEqual([...keys].sort());
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A timestamp of the contract: an ISO 8601 string in UTC (decisions.md). */
export function expectTimestamp(value: unknown, nullable = false) {
  if (nullable && value === null) return;
  expect(value).toMatch(ISO_UTC);
}

/** A string, or null where the field may be unset. */
export function expectString(value: unknown, nullable = false, where = "value") {
  if (nullable && value === null) return;
  expect(typeof value, where).toBe("string");
}

/** A cuid2 identifier (decisions.md). */
export function expectId(value: unknown) {
  expect(value).toMatch(/^[a-z][a-z0-9]{9,31}$/);
}
