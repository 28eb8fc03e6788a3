import { createId, type Database, getPrisma, type Prisma, type WorkspaceRole } from "@parley/db";
import { addWorkspaceMember } from "../accounts/addWorkspaceMember";
import { createUserAccount } from "../accounts/createUserAccount";
import { createApiToken } from "../auth/apiTokens";
import { createRestApiHandler } from "../mounts";

/** A user with an API token and, unless `workspaceId` is given, a workspace of their own (as ADMIN). */
export async function createTestUser(options: { workspaceId?: string; role?: WorkspaceRole } = {}) {
  const prisma = getPrisma();
  const email = `user-${createId()}@example.test`;
  const { user, workspace } = await createUserAccount(prisma, {
    email,
    password: "correct horse battery",
    name: "Test User",
    workspaceName: options.workspaceId ? undefined : `Workspace ${createId().slice(0, 6)}`,
  });
  const workspaceId = options.workspaceId ?? workspace?.id ?? "";
  if (options.workspaceId)
    await addWorkspaceMember(prisma, { workspaceId, email, role: options.role ?? "MEMBER" });
  const { token } = await createApiToken(prisma, user.id, "test");
  return { user, email, password: "correct horse battery", token, workspaceId };
}

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

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** A workspace with one user per role, plus a user of another workspace. */
export async function createTestTeam() {
  const admin = await createTestUser();
  const [member, guest, outsider] = await Promise.all([
    createTestUser({ workspaceId: admin.workspaceId, role: "MEMBER" }),
    createTestUser({ workspaceId: admin.workspaceId, role: "GUEST" }),
    createTestUser(),
  ]);
  return { workspaceId: admin.workspaceId, admin, member, guest, outsider };
}
export type TestTeam = Awaited<ReturnType<typeof createTestTeam>>;
export const teamRoles = ["admin", "member", "guest", "outsider"] as const;

/** Calls the REST API and returns the status and the parsed JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on JSON bodies of every shape
type JsonBody = any;
export async function callApi(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: JsonBody }> {
  const response = await countingRestHandler(restRequest(method, path, options));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A bot stored directly (flow parts as given), for tests of results and analytics. */
export async function createTestBot(
  workspaceId: string,
  data: Partial<Omit<Prisma.BotUncheckedCreateInput, "workspaceId">> = {},
) {
  return getPrisma().bot.create({
    data: {
      id: createId(),
      name: "Test bot",
      workspaceId,
      events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 } }],
      ...data,
    },
  });
}

/** A result with answers and visited edges, as the chat runtime would store it. */
export async function createTestResult(
  bot: { id: string; workspaceId: string },
  options: {
    createdAt?: Date;
    isCompleted?: boolean;
    answers?: { blockId: string; groupId: string; content: string }[];
    visitedEdgeIds?: string[];
    variables?: { id: string; name: string; value: string | null }[];
  } = {},
) {
  const answers = options.answers ?? [];
  return getPrisma().result.create({
    data: {
      id: createId(),
      botId: bot.id,
      workspaceId: bot.workspaceId,
      createdAt: options.createdAt,
      hasStarted: answers.length > 0,
      isCompleted: options.isCompleted ?? false,
      variables: options.variables ?? [],
      answers: {
        create: answers.map((answer, index) => ({ id: createId(), index, ...answer })),
      },
      visitedEdges: {
        create: (options.visitedEdgeIds ?? []).map((edgeId, index) => ({ index, edgeId })),
      },
    },
  });
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
