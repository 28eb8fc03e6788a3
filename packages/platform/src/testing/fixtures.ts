import { createId, getPrisma, type Prisma, type WorkspaceRole } from "@parley/db";
import { addWorkspaceMember } from "../accounts/addWorkspaceMember";
import { createUserAccount } from "../accounts/createUserAccount";
import { createApiToken } from "../auth/apiTokens";

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
    /** The visitor's language (a bot with several languages). */
    language?: string;
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
      language: options.language,
      answers: {
        create: answers.map((answer, index) => ({ id: createId(), index, ...answer })),
      },
      visitedEdges: {
        create: (options.visitedEdgeIds ?? []).map((edgeId, index) => ({ index, edgeId })),
      },
    },
  });
}
