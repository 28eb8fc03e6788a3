// Issue 26, item 3: per-bot access. Generated over the OpenAPI document, so a new bot endpoint is covered by
// itself: on every operation under /bots/{botId}, a person the bot is shared with as EDITOR gets what a workspace
// MEMBER gets on an identical bot (status and error code), and as VIEWER what a GUEST gets; a VIEWER is refused
// every write; the operations that reach into the workspace (delete, duplicate, share) refuse both. On every
// other operation of the document (another bot of the workspace, the workspace, its folders, credentials,
// members, settings, billing), the EDITOR gets FORBIDDEN or NOT_FOUND, and nothing of the workspace changes.
import { createId, getPrisma } from "@parley/db";
import {
  createTestBot,
  createTestResult,
  createTestTeam,
  createTestUser,
} from "@parley/platform/testing/fixtures";
import { operationScopes } from "@parley/schemas/management/apiTokenScopes";
import { describe, expect, it } from "vitest";
import { createOpenApiDocument } from "../openapi/createOpenApiDocument";
import { operationExamples } from "../openapi/operationExamples";
import { fetchApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";

const prisma = getPrisma();
const METHODS = ["get", "post", "patch", "put", "delete"];

interface DocumentOperation {
  method: string;
  route: string;
  operationId: string;
  pathParams: string[];
}

const document = createOpenApiDocument({
  builderUrl: "http://localhost:3000",
  viewerUrl: "http://localhost:3001",
}) as unknown as {
  paths: Record<string, Record<string, unknown> & { servers?: unknown }>;
};
// {base_url}'s management operations (the chat runtime's, which name their own server, are the chat suites').
const operations: DocumentOperation[] = Object.entries(document.paths).flatMap(([route, item]) =>
  Array.isArray(item.servers)
    ? []
    : METHODS.filter((method) => item[method]).map((method) => ({
        method: method.toUpperCase(),
        route,
        operationId: (item[method] as { operationId: string }).operationId,
        pathParams: [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ""),
      })),
);
const keyOf = ({ method, route }: { method: string; route: string }) => `${method} ${route}`;

/** Operations on a bot that reach into its workspace: its members only, never a share of the bot. */
const workspaceMembersOnly = new Set([
  "DELETE /bots/{botId}",
  "POST /bots/{botId}/duplicate",
  "GET /bots/{botId}/collaborators",
  "POST /bots/{botId}/collaborators",
  "PATCH /bots/{botId}/collaborators/{userId}",
  "DELETE /bots/{botId}/collaborators/{userId}",
  "DELETE /bots/{botId}/invitations/{invitationId}",
]);
// Deleting the bot goes last, so every other operation finds both bots of a comparison alike.
const botOperations = operations
  .filter((operation) => operation.route.startsWith("/bots/{botId}"))
  .sort((a, b) => Number(keyOf(a) === "DELETE /bots/{botId}") - Number(keyOf(b) === "DELETE /bots/{botId}"));

/** Bodies that fit the test's bots better than the documented example (whose draft names other groups). */
const bodies: Record<string, unknown> = { "PATCH /bots/{botId}": { bot: { name: "Edited" } } };

/** The operation's request, from its documented example, on `botId` (and `workspaceId` where it names one). */
function requestOf(operation: DocumentOperation, ids: { botId: string; workspaceId: string }) {
  const example = operationExamples[operation.operationId] ?? {};
  const parameters: Record<string, unknown> = { ...example.parameters, ...pick(ids, operation.pathParams) };
  if ("workspaceId" in parameters) parameters.workspaceId = ids.workspaceId;
  let path = operation.route;
  for (const name of operation.pathParams)
    path = path.replace(`{${name}}`, encodeURIComponent(String(parameters[name] ?? createId())));
  const query = new URLSearchParams(
    Object.entries(parameters)
      .filter(([name]) => !operation.pathParams.includes(name))
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  const hasBody = operation.method !== "GET" && operation.method !== "DELETE";
  const given = bodies[keyOf(operation)] ?? example.body ?? {};
  const body = hasBody ? withWorkspace(given, ids.workspaceId) : undefined;
  return { path: query && !hasBody ? `${path}?${query}` : path, body };
}

function pick(ids: Record<string, string>, names: string[]) {
  return Object.fromEntries(Object.entries(ids).filter(([name]) => names.includes(name)));
}

/** The example body with its `workspaceId` (top level) pointing at the test's workspace. */
function withWorkspace(body: unknown, workspaceId: string): unknown {
  if (body && typeof body === "object" && !Array.isArray(body) && "workspaceId" in body)
    return { ...body, workspaceId };
  return body;
}

/** Status and error code of a call (the CSV export answers text). */
async function call(method: string, path: string, token: string, body: unknown) {
  const response = await fetchApi(method, path, { token, body });
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: response.status, code };
}

/** A bot like every other of the comparison: the sample flow, published, with one result. */
async function createComparableBot(workspaceId: string, name: string) {
  const bot = await createTestBot(workspaceId, { ...sampleFlow, name });
  await createTestResult(bot, { answers: [{ blockId: "b2", groupId: "g1", content: "Ada" }] });
  return bot;
}

async function share(botId: string, userId: string, role: "VIEWER" | "EDITOR") {
  await prisma.botCollaborator.create({ data: { botId, userId, role } });
}

describe("per-bot access over every operation of the OpenAPI document", () => {
  it("lists operations under /bots/{botId}, and every members-only one exists", () => {
    expect(botOperations.length).toBeGreaterThan(30);
    const keys = botOperations.map(keyOf);
    expect([...workspaceMembersOnly].filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("gives a bot's EDITOR what a MEMBER gets on that bot and its VIEWER what a GUEST gets; a VIEWER never writes", {
    timeout: 300_000,
  }, async () => {
    const team = await createTestTeam();
    const [editor, viewer] = await Promise.all([createTestUser(), createTestUser()]);
    const bots = {
      member: await createComparableBot(team.workspaceId, "Member's bot"),
      editor: await createComparableBot(team.workspaceId, "Editor's bot"),
      guest: await createComparableBot(team.workspaceId, "Guest's bot"),
      viewer: await createComparableBot(team.workspaceId, "Viewer's bot"),
    };
    await share(bots.editor.id, editor.user.id, "EDITOR");
    await share(bots.viewer.id, viewer.user.id, "VIEWER");
    const memberOk: string[] = [];
    const editorRows: unknown[] = [];
    const expectedEditorRows: unknown[] = [];
    const viewerRows: unknown[] = [];
    const expectedViewerRows: unknown[] = [];
    for (const operation of botOperations) {
      const key = keyOf(operation);
      const run = async (caller: { token: string }, botId: string) => {
        const { path, body } = requestOf(operation, { botId, workspaceId: team.workspaceId });
        return call(operation.method, path, caller.token, body);
      };
      const asMember = await run(team.member, bots.member.id);
      const asEditor = await run(editor, bots.editor.id);
      const asGuest = await run(team.guest, bots.guest.id);
      const asViewer = await run(viewer, bots.viewer.id);
      if (asMember.status === 200) memberOk.push(key);
      const isWrite = String(operationScopes[key]).endsWith(":write");
      const refused = { status: 403, code: "FORBIDDEN" };
      editorRows.push([key, asEditor]);
      expectedEditorRows.push([key, workspaceMembersOnly.has(key) ? refused : asMember]);
      viewerRows.push([key, asViewer]);
      expectedViewerRows.push([key, workspaceMembersOnly.has(key) || isWrite ? refused : asGuest]);
    }
    expect(editorRows).toEqual(expectedEditorRows);
    expect(viewerRows).toEqual(expectedViewerRows);
    // The comparison is worth something: the editor edited, published, read results, analytics and the export.
    expect(memberOk).toEqual(
      expect.arrayContaining([
        "GET /bots/{botId}",
        "PATCH /bots/{botId}",
        "POST /bots/{botId}/publish",
        "GET /bots/{botId}/results",
        "GET /bots/{botId}/results-csv",
        "GET /bots/{botId}/analytics/stats",
      ]),
    );
    expect(await prisma.bot.findUniqueOrThrow({ where: { id: bots.editor.id } })).toMatchObject({
      isArchived: false,
    });
  });

  it("refuses a bot's EDITOR every other bot's and workspace's operation (FORBIDDEN or NOT_FOUND); nothing changes", {
    timeout: 300_000,
  }, async () => {
    const team = await createTestTeam();
    const editor = await createTestUser();
    const shared = await createComparableBot(team.workspaceId, "Shared bot");
    const other = await createComparableBot(team.workspaceId, "Other bot");
    await share(shared.id, editor.user.id, "EDITOR");
    const folder = await prisma.folder.create({
      data: { id: createId(), name: "Private folder", workspaceId: team.workspaceId },
    });
    const snapshot = async () => ({
      workspace: await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } }),
      bots: await prisma.bot.findMany({ where: { workspaceId: team.workspaceId }, orderBy: { id: "asc" } }),
      folders: await prisma.folder.findMany({ where: { workspaceId: team.workspaceId } }),
      members: await prisma.memberInWorkspace.findMany({
        where: { workspaceId: team.workspaceId },
        orderBy: { userId: "asc" },
      }),
      credentials: await prisma.credentials.count({ where: { workspaceId: team.workspaceId } }),
    });
    const before = await snapshot();
    // The caller's own records (their account, tokens, workspaces and shared bots) and the operations outside
    // services call are no workspace's.
    const ownRecords = (operation: DocumentOperation) =>
      operation.route.startsWith("/users/me") ||
      operation.route === "/workspaces" ||
      operationScopes[keyOf(operation)] === "none";
    const rows: [string, string | number][] = [];
    for (const operation of operations.filter((candidate) => !ownRecords(candidate))) {
      const { path, body } = requestOf(operation, { botId: other.id, workspaceId: team.workspaceId });
      const filled = path.replace(encodeURIComponent("f2h4j6l8n0p2r4t6v8x0z2b4"), folder.id);
      const { status } = await call(operation.method, filled, editor.token, body);
      rows.push([keyOf(operation), [403, 404].includes(status) ? "refused" : status]);
    }
    expect(rows.filter(([, outcome]) => outcome !== "refused")).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("shows the shared bot alone: listed under shared bots, and no workspace, folder or bot list of its workspace", async () => {
    const team = await createTestTeam();
    const editor = await createTestUser();
    const shared = await createComparableBot(team.workspaceId, "Shared bot");
    await createComparableBot(team.workspaceId, "Other bot");
    await share(shared.id, editor.user.id, "EDITOR");
    const mine = await fetchApi("GET", "/users/me/shared-bots", { token: editor.token });
    const listed = (await mine.json()) as { bots: { id: string; name: string; role: string }[] };
    expect(listed.bots.map(({ id, name, role }) => ({ id, name, role }))).toEqual([
      { id: shared.id, name: "Shared bot", role: "EDITOR" },
    ]);
    const workspaces = (await (await fetchApi("GET", "/workspaces", { token: editor.token })).json()) as {
      workspaces: { id: string }[];
    };
    expect(workspaces.workspaces.map((workspace) => workspace.id)).not.toContain(team.workspaceId);
    expect(
      (await fetchApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: editor.token })).status,
    ).toBe(403);
    expect(
      (await fetchApi("GET", `/folders?workspaceId=${team.workspaceId}`, { token: editor.token })).status,
    ).toBe(403);
  });
});
