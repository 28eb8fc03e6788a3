import { type Database, getPrisma } from "@parley/db";
import { createRestApiHandler } from "../mounts";

export interface ClientRequestOptions {
  token?: string;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** What an API consumer sends: `Authorization: Bearer <token>` and a JSON body. */
export function toClientRequestInit(
  method: string,
  { token, body, headers = {} }: ClientRequestOptions = {},
): RequestInit {
  return {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** A request to the REST API as an API consumer would send it. */
export function restRequest(method: string, path: string, options: ClientRequestOptions = {}) {
  return new Request(`http://localhost:3000/api/v1${path}`, toClientRequestInit(method, options));
}

/** Calls the REST API and returns its Response as it is (for bodies that are not JSON). */
export function fetchApi(
  method: string,
  path: string,
  options: ClientRequestOptions = {},
): Promise<Response> {
  return countingRestHandler(restRequest(method, path, options));
}

/** Calls the REST API and returns the status and the parsed JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on JSON bodies of every shape
type JsonBody = any;
export async function callApi(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: JsonBody }> {
  const response = await fetchApi(method, path, options);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

let queryCounter: { count: number } | undefined;

/**
 * Runs `call` and counts the Prisma operations (model calls and raw queries)
 * the request made, to show that reads do a bounded number of queries.
 */
export async function countQueries<T extends object>(
  call: () => Promise<T>,
): Promise<T & { queries: number }> {
  queryCounter = { count: 0 };
  try {
    const result = await call();
    return { ...result, queries: queryCounter.count };
  } finally {
    queryCounter = undefined;
  }
}

let countingClient: Database | undefined;

/** The shared client, extended so that every operation ticks the active counter. */
function getCountingPrisma(): Database {
  countingClient ??= getPrisma().$extends({
    query: {
      async $allOperations({ args, query }) {
        if (queryCounter) queryCounter.count++;
        return query(args);
      },
    },
  }) as unknown as Database;
  return countingClient;
}

/** The production REST handler, over the counting client. */
const countingRestHandler = createRestApiHandler(getCountingPrisma);

/** A bot created through POST /bots, as an API consumer would. */
export async function createApiBot(token: string, workspaceId: string, bot: Record<string, unknown> = {}) {
  const response = await callApi("POST", "/bots", { token, body: { workspaceId, bot } });
  if (response.status !== 200)
    throw new Error(`POST /bots answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.bot;
}
