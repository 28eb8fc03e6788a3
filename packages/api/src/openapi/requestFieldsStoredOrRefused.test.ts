// Issue 21, item 9, over the whole REST surface: for every POST/PUT/PATCH operation of the OpenAPI document
// with a JSON body, every documented field sent with a valid value is either stored (read back from the
// stored rows) or refused with BAD_REQUEST naming it, never dropped without a word; a key the document does
// not list is refused with UNKNOWN_FIELD at its path. Fields computed by the server or that steer the write
// itself are listed explicitly, with why.
import { createId, getPrisma } from "@parley/db";
import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { toWorkspaceSsoProvider } from "@parley/integrations/sso/workspaceSsoProviders";
import { type LocalOidcProvider, startOidcProvider } from "@parley/integrations/testing/startOidcProvider";
import {
  createTestBot,
  createTestTeam,
  createTestUser,
  type TestTeam,
} from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listOperations } from "../fuzz/listOperations";
import type { JsonSchema } from "../fuzz/requestArbitrary";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";
import { createOpenApiDocument } from "./createOpenApiDocument";

// A workspace's identity provider is read (discovery) through safeFetch when saved: one on loopback, allowed.
vi.hoisted(() => {
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});
let oidc: LocalOidcProvider;

const prisma = getPrisma();
const operations = listOperations(
  createOpenApiDocument({ builderUrl: "http://localhost:3000", viewerUrl: "http://localhost:3001" }) as never,
).filter(
  (operation) =>
    !operation.isChat && ["POST", "PUT", "PATCH"].includes(operation.method) && operation.bodySchema,
);

/** Fields that are accepted but not stored as sent, and why. */
const serverKept = "the Bot record's server-kept field: accepted and ignored, so a bot read can be sent back";
const notStored: Record<string, string> = {
  ...Object.fromEntries(
    ["POST /bots", "PATCH /bots/{botId}"].flatMap((operation) =>
      ["id", "version", "workspaceId", "createdAt", "isArchived", "riskLevel"].map((field) => [
        `${operation} bot.${field}`,
        serverKept,
      ]),
    ),
  ),
  "POST /bots bot.updatedAt": serverKept,
  "PATCH /bots/{botId} bot.updatedAt":
    "the version the client read, for the conflict check; every write moves it",
  "PATCH /bots/{botId} overwrite": "steers the conflict check; not a field of the bot",
  "POST /bots/{botId}/tests/run testIds": "chooses which of the bot's tests run: a run stores nothing",
  "POST /bots/{botId}/tests/run tests":
    "tests to run instead of the stored ones (a test being written): a run stores nothing",
  "POST /bots/{botId}/publish overrideFailingTests":
    "steers the publish (an ADMIN publishes although tests fail, which the audit log records); not a field of the bot",
  "POST /knowledgeBases/{knowledgeBaseId}/query query": "a search: nothing is stored",
  "POST /knowledgeBases/{knowledgeBaseId}/query topK": "a search: nothing is stored",
  "POST /bots/{botId}/translations/{language}/machineDrafts credentialsId":
    "steers the machine translation (whose provider drafts the texts): the drafts are stored, not it",
  "POST /bots/{botId}/translations/{language}/machineDrafts model":
    "steers the machine translation (which model drafts the texts): the drafts are stored, not it",
  "POST /conversations/{conversationId}/assign force":
    "steers the take (an ADMIN takes a conversation another member holds); not a field of the conversation",
  "POST /conversations/{conversationId}/close variables":
    "set in the chat session's flow when it resumes (the session's state), not on the conversation",
};

interface World {
  team: TestTeam;
  folderId: string;
  otherFolderId: string;
  credentialsId: string;
  /** OpenAI credentials, which knowledge bases embed with. */
  aiCredentialsId: string;
}

interface Prepared {
  path: string;
  base: Record<string, unknown>;
  /** The stored state, shaped like the body, after a successful write. */
  read: (response: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value));

/** A bot's canary release shaped like the publish body's `canary`. */
const readCanary = async (botId: string) => {
  const row = await prisma.canaryRelease.findUnique({ where: { botId } });
  return row
    ? {
        percent: row.percent,
        autoRollback:
          row.rollbackDropPoints === null
            ? null
            : { maxDropPoints: row.rollbackDropPoints, minStarts: row.rollbackMinStarts },
      }
    : undefined;
};

const readBot = async (id: string) =>
  json(await prisma.bot.findUniqueOrThrow({ where: { id } })) as Record<string, unknown>;

/** How each operation is called on fresh records and how its stored state is read back. */
const cases: Record<string, (world: World) => Promise<Prepared>> = {
  "POST /users/me/api-tokens": async () => ({
    path: "/users/me/api-tokens",
    base: { name: "Token" },
    read: async (response) => {
      const token = await prisma.apiToken.findUniqueOrThrow({
        where: { id: (response.apiToken as { id: string }).id },
      });
      return json({
        name: token.name,
        scopes: token.scopes,
        workspaceId: token.workspaceId,
        expiresAt: token.expiresAt,
      });
    },
  }),
  "POST /workspaces": async () => ({
    path: "/workspaces",
    base: { name: "Workspace" },
    read: async (response) =>
      json(
        await prisma.workspace.findUniqueOrThrow({
          where: { id: (response.workspace as { id: string }).id },
        }),
      ),
  }),
  "PATCH /workspaces/{workspaceId}": async ({ team }) => ({
    path: `/workspaces/${team.workspaceId}`,
    base: {},
    read: async () => {
      const workspace = json(await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } }));
      // The data retention and Typebot compatibility are columns, shown in the record's settings.
      return {
        ...workspace,
        settings: {
          ...workspace.settings,
          retentionDays: workspace.retentionDays,
          typebotCompatibility: workspace.typebotCompatibility,
        },
      };
    },
  }),
  "POST /workspaces/{workspaceId}/members": async ({ team }) => {
    const user = await createTestUser();
    return {
      path: `/workspaces/${team.workspaceId}/members`,
      base: { email: user.user.email },
      // Adding a member invites them.
      read: async () => {
        const invitation = await prisma.workspaceInvitation.findFirstOrThrow({
          where: { workspaceId: team.workspaceId, email: user.user.email },
        });
        return { email: invitation.email, role: invitation.role };
      },
    };
  },
  "POST /workspaces/{workspaceId}/invitations": async ({ team }) => {
    const email = `invited-${createId()}@example.test`;
    return {
      path: `/workspaces/${team.workspaceId}/invitations`,
      base: { invitation: { email } },
      read: async () => {
        const invitation = await prisma.workspaceInvitation.findFirstOrThrow({
          where: { workspaceId: team.workspaceId, email },
        });
        return { invitation: { email: invitation.email, role: invitation.role } };
      },
    };
  },
  "PUT /workspaces/{workspaceId}/sso": async ({ team }) => ({
    path: `/workspaces/${team.workspaceId}/sso`,
    base: {
      sso: {
        preset: "oidc",
        name: "Acme SSO",
        issuer: oidc.issuer,
        clientId: "acme",
        clientSecret: "acme-secret",
        allowedDomains: ["acme.example.test"],
      },
    },
    read: async () => {
      const row = await prisma.workspaceSso.findUniqueOrThrow({ where: { workspaceId: team.workspaceId } });
      const { protocol, clientSecret } = toWorkspaceSsoProvider(row);
      return {
        sso: { ...json(row), clientSecret, issuer: protocol.kind === "oidc" ? protocol.issuer : row.issuer },
      };
    },
  }),
  "POST /workspaces/{workspaceId}/domains": async ({ team }) => {
    const domain = `acme-${createId().slice(0, 10)}.example.test`;
    return {
      path: `/workspaces/${team.workspaceId}/domains`,
      base: { domain: { domain } },
      read: async (response) => ({
        domain: json(
          await prisma.workspaceDomain.findUniqueOrThrow({
            where: { id: (response.domain as { id: string }).id },
          }),
        ),
      }),
    };
  },
  "PATCH /workspaces/{workspaceId}/domains/{domainId}": async ({ team }) => {
    const id = createId();
    await prisma.workspaceDomain.create({
      data: { id, workspaceId: team.workspaceId, domain: `patch-${id.slice(0, 10)}.example.test`, token: id },
    });
    return {
      path: `/workspaces/${team.workspaceId}/domains/${id}`,
      base: { domain: { allowsJoining: false } },
      read: async () => ({ domain: json(await prisma.workspaceDomain.findUniqueOrThrow({ where: { id } })) }),
    };
  },
  "POST /workspaces/{workspaceId}/inviteLinks": async ({ team }) => ({
    path: `/workspaces/${team.workspaceId}/inviteLinks`,
    base: { inviteLink: {} },
    read: async (response) => {
      const row = await prisma.workspaceInviteLink.findUniqueOrThrow({
        where: { id: (response.inviteLink as { id: string }).id },
      });
      return {
        inviteLink: { role: row.role, expiresAt: row.expiresAt?.toISOString() ?? null, maxUses: row.maxUses },
      };
    },
  }),
  "PATCH /workspaces/{workspaceId}/members/{userId}": async ({ team }) => {
    const user = await createTestUser({ workspaceId: team.workspaceId, role: "MEMBER" });
    return {
      path: `/workspaces/${team.workspaceId}/members/${user.user.id}`,
      base: { role: "MEMBER" },
      read: async () =>
        json(
          await prisma.memberInWorkspace.findFirstOrThrow({
            where: { workspaceId: team.workspaceId, userId: user.user.id },
          }),
        ),
    };
  },
  "POST /folders": async ({ team }) => ({
    path: "/folders",
    base: { workspaceId: team.workspaceId, folder: {} },
    read: async (response) => {
      const folder = json(
        await prisma.folder.findUniqueOrThrow({ where: { id: (response.folder as { id: string }).id } }),
      );
      return { workspaceId: folder.workspaceId, folder };
    },
  }),
  "PATCH /folders/{folderId}": async ({ team }) => {
    const created = await callApi("POST", "/folders", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, folder: { name: "To edit" } },
    });
    const id = created.body.folder.id;
    return {
      path: `/folders/${id}`,
      base: { workspaceId: team.workspaceId, folder: {} },
      read: async () => {
        const folder = json(await prisma.folder.findUniqueOrThrow({ where: { id } }));
        return { workspaceId: folder.workspaceId, folder };
      },
    };
  },
  "POST /bots": async ({ team }) => ({
    path: "/bots",
    base: { workspaceId: team.workspaceId, bot: {} },
    read: async (response) => {
      const bot = await readBot((response.bot as { id: string }).id);
      return { workspaceId: bot.workspaceId, bot };
    },
  }),
  "POST /bots/import": async ({ team }) => ({
    path: "/bots/import",
    base: { workspaceId: team.workspaceId, bot: { name: "Imported", events: [] } },
    read: async (response) => {
      const bot = await readBot((response.bot as { id: string }).id);
      return { workspaceId: bot.workspaceId, folderId: bot.folderId, bot };
    },
  }),
  "POST /bots/importMany": async ({ team }) => ({
    path: "/bots/importMany",
    base: { workspaceId: team.workspaceId, bots: [{ name: "Imported", events: [] }] },
    read: async (response) => {
      const bots = await Promise.all(
        (response.bots as { bot: { id: string } }[]).map(({ bot }) => readBot(bot.id)),
      );
      return { workspaceId: bots[0]?.workspaceId, folderId: bots[0]?.folderId, bots };
    },
  }),
  "PATCH /bots/{botId}": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    return {
      path: `/bots/${bot.id}`,
      base: { bot: {} },
      read: async () => ({
        bot: await readBot(bot.id),
        retentionDays: (await prisma.bot.findUniqueOrThrow({ where: { id: bot.id } })).retentionDays,
      }),
    };
  },
  "POST /bots/{botId}/tests/run": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    return { path: `/bots/${bot.id}/tests/run`, base: {}, read: async () => ({}) };
  },
  "POST /bots/{botId}/replays": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    return {
      path: `/bots/${bot.id}/replays`,
      base: {},
      read: async () =>
        json(
          await prisma.botReplay.findFirstOrThrow({
            where: { botId: bot.id },
            orderBy: { createdAt: "desc" },
          }),
        ),
    };
  },
  "POST /bots/{botId}/publish": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    // Published once, so that a canary has a current version beside it.
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    return {
      path: `/bots/${bot.id}/publish`,
      base: {},
      read: async () => ({ ...(await readBot(bot.id)), canary: await readCanary(bot.id) }),
    };
  },
  "PATCH /bots/{botId}/canary": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    await callApi("POST", `/bots/${bot.id}/publish`, { token: team.admin.token });
    await callApi("POST", `/bots/${bot.id}/publish`, {
      token: team.admin.token,
      body: { canary: { percent: 50 } },
    });
    return { path: `/bots/${bot.id}/canary`, base: {}, read: async () => (await readCanary(bot.id)) ?? {} };
  },
  "POST /bots/{botId}/duplicate": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    return {
      path: `/bots/${bot.id}/duplicate`,
      base: {},
      read: async (response) => readBot((response.bot as { id: string }).id),
    };
  },
  "PATCH /billing/plan": async () => {
    const team = await createTestTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    return {
      path: "/billing/plan",
      base: { workspaceId: team.workspaceId, plan: "FREE" },
      read: async () => {
        const workspace = json(await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } }));
        return { ...workspace, workspaceId: workspace.id };
      },
      token: operator.token,
    } as Prepared;
  },
  "PATCH /admin/workspaces/{workspaceId}": async () => {
    const team = await createTestTeam();
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    return {
      path: `/admin/workspaces/${team.workspaceId}`,
      base: { workspace: {} },
      read: async () => ({
        workspace: json(await prisma.workspace.findUniqueOrThrow({ where: { id: team.workspaceId } })),
      }),
      token: operator.token,
    } as Prepared;
  },
  "POST /credentials": async ({ team }) => ({
    path: "/credentials",
    base: { workspaceId: team.workspaceId, credentials: telegramCredentials() },
    read: async (response) => {
      const { id, workspaceId, type, name } = response.credentials as Record<string, string>;
      const read = await readWorkspaceCredentials(prisma, {
        workspaceId: workspaceId ?? "",
        credentialsId: id ?? "",
        types: ["telegram"],
      });
      return { workspaceId, credentials: { type, name, data: read.ok ? read.data : null } };
    },
  }),
  "PATCH /credentials/{credentialsId}": async ({ team }) => {
    const created = await callApi("POST", "/credentials", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, credentials: telegramCredentials() },
    });
    const id = created.body.credentials.id;
    return {
      path: `/credentials/${id}`,
      base: { credentials: { name: "Renamed" } },
      read: async () => {
        const row = await prisma.credentials.findUniqueOrThrow({ where: { id } });
        return { workspaceId: row.workspaceId, credentials: { name: row.name } };
      },
    };
  },
  "POST /bots/{botId}/collaborators": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const email = `shared-${createId()}@example.test`;
    return {
      path: `/bots/${bot.id}/collaborators`,
      base: { collaborator: { email } },
      // Someone outside the workspace is invited to the bot.
      read: async () => {
        const invitation = await prisma.workspaceInvitation.findFirstOrThrow({
          where: { botId: bot.id, email },
        });
        return { collaborator: { email: invitation.email, role: invitation.botRole } };
      },
    };
  },
  "PATCH /bots/{botId}/collaborators/{userId}": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const person = await createTestUser();
    await prisma.botCollaborator.create({ data: { botId: bot.id, userId: person.user.id, role: "EDITOR" } });
    return {
      path: `/bots/${bot.id}/collaborators/${person.user.id}`,
      base: { role: "EDITOR" },
      read: async () =>
        json(
          await prisma.botCollaborator.findUniqueOrThrow({
            where: { botId_userId: { botId: bot.id, userId: person.user.id } },
          }),
        ),
    };
  },
  "POST /bots/{botId}/webhooks": async ({ team }) => {
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    return {
      path: `/bots/${bot.id}/webhooks`,
      base: { webhook: { url: "https://example.com/hook", events: ["result.created"] } },
      read: async (response) => ({
        webhook: json(
          await prisma.webhookSubscription.findUniqueOrThrow({
            where: { id: (response.webhook as { id: string }).id },
          }),
        ),
      }),
    };
  },
  "PATCH /bots/{botId}/webhooks/{webhookId}": async ({ team }) => {
    const { bot, webhookId } = await createSampleWebhook(team.admin.token, team.workspaceId);
    return {
      path: `/bots/${bot.id}/webhooks/${webhookId}`,
      base: { webhook: {} },
      read: async () => ({
        webhook: json(
          await prisma.webhookSubscription.findUniqueOrThrow({
            where: { id: webhookId },
            select: { url: true, events: true, enabled: true },
          }),
        ),
      }),
    };
  },
  "POST /bots/{botId}/webhooks/{webhookId}/rotateSecret": async ({ team }) => {
    const { bot, webhookId } = await createSampleWebhook(team.admin.token, team.workspaceId);
    return {
      path: `/bots/${bot.id}/webhooks/${webhookId}/rotateSecret`,
      base: {},
      // Stored as the end of the overlap.
      read: async () => {
        const row = await prisma.webhookSubscription.findUniqueOrThrow({ where: { id: webhookId } });
        return {
          overlapHours: Math.round(((row.previousSecretExpiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000),
        };
      },
    };
  },
  "POST /knowledgeBases": async ({ team, aiCredentialsId }) => ({
    path: "/knowledgeBases",
    base: {
      workspaceId: team.workspaceId,
      knowledgeBase: {
        name: "Help",
        credentialsId: aiCredentialsId,
        embeddingModel: "text-embedding-3-small",
      },
    },
    read: async (response) => ({
      knowledgeBase: json(
        await prisma.knowledgeBase.findUniqueOrThrow({
          where: { id: (response.knowledgeBase as { id: string }).id },
        }),
      ),
    }),
  }),
  "PATCH /knowledgeBases/{knowledgeBaseId}": async (world) => {
    const knowledgeBaseId = await createSampleKnowledgeBase(world);
    return {
      path: `/knowledgeBases/${knowledgeBaseId}`,
      base: { knowledgeBase: {} },
      read: async () => ({
        knowledgeBase: json(await prisma.knowledgeBase.findUniqueOrThrow({ where: { id: knowledgeBaseId } })),
      }),
    };
  },
  "POST /knowledgeBases/{knowledgeBaseId}/sources": async (world) => {
    const knowledgeBaseId = await createSampleKnowledgeBase(world);
    return {
      path: `/knowledgeBases/${knowledgeBaseId}/sources`,
      base: { source: { type: "text", name: "Returns", text: "Returns within 30 days." } },
      read: async (response) => ({
        source: json(
          await prisma.knowledgeSource.findUniqueOrThrow({
            where: { id: (response.source as { id: string }).id },
          }),
        ),
      }),
    };
  },
  "PATCH /knowledgeBases/{knowledgeBaseId}/sources/{sourceId}": async (world) => {
    const knowledgeBaseId = await createSampleKnowledgeBase(world);
    const created = await callApi("POST", `/knowledgeBases/${knowledgeBaseId}/sources`, {
      token: world.team.admin.token,
      body: { source: { type: "text", name: "Returns", text: "Returns within 30 days." } },
    });
    const sourceId = created.body.source.id as string;
    return {
      path: `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}`,
      base: { source: {} },
      read: async () => ({
        source: json(await prisma.knowledgeSource.findUniqueOrThrow({ where: { id: sourceId } })),
      }),
    };
  },
  "POST /bots/{botId}/translations/{language}/machineDrafts": async ({ team, aiCredentialsId }) => {
    const bot = await createTestBot(team.workspaceId, {
      ...sampleFlow,
      settings: { languages: { defaultLanguage: "en", languages: ["fr"] } },
    });
    return {
      path: `/bots/${bot.id}/translations/fr/machineDrafts`,
      base: { credentialsId: aiCredentialsId },
      read: async () => ({}),
    };
  },
  "POST /knowledgeBases/{knowledgeBaseId}/query": async (world) => {
    const knowledgeBaseId = await createSampleKnowledgeBase(world);
    return {
      path: `/knowledgeBases/${knowledgeBaseId}/query`,
      base: { query: "returns" },
      read: async () => ({}),
    };
  },
  "POST /conversations/{conversationId}/messages": async ({ team }) => {
    const id = await createSampleConversation(team.workspaceId);
    return {
      path: `/conversations/${id}/messages`,
      base: { message: { text: "Hello" } },
      read: async (response) => {
        const row = await prisma.conversationMessage.findUniqueOrThrow({
          where: { id: (response.message as { id: string }).id },
        });
        return { message: { text: row.text, internal: row.isInternal } };
      },
    };
  },
  "POST /conversations/{conversationId}/assign": async ({ team }) => {
    const id = await createSampleConversation(team.workspaceId);
    return {
      path: `/conversations/${id}/assign`,
      base: { userId: team.admin.user.id },
      read: async () => ({
        userId: (await prisma.conversation.findUniqueOrThrow({ where: { id } })).assigneeId,
      }),
    };
  },
  "POST /conversations/{conversationId}/close": async ({ team }) => {
    const id = await createSampleConversation(team.workspaceId);
    return {
      path: `/conversations/${id}/close`,
      base: { resume: false },
      read: async () => {
        const row = await prisma.conversation.findUniqueOrThrow({ where: { id } });
        return { resolution: row.resolution, resume: row.isResumed };
      },
    };
  },
  "PUT /workspaces/{workspaceId}/presence": async ({ team }) => ({
    path: `/workspaces/${team.workspaceId}/presence`,
    base: { status: "available" },
    read: async () => ({
      status: (
        await prisma.agentPresence.findUniqueOrThrow({
          where: { workspaceId_userId: { workspaceId: team.workspaceId, userId: team.admin.user.id } },
        })
      ).status,
    }),
  }),
  "PUT /themeTemplates/{themeTemplateId}": async ({ team }) => {
    const id = createId();
    return {
      path: `/themeTemplates/${id}`,
      base: { workspaceId: team.workspaceId, name: "Template", theme: {} },
      read: async () => json(await prisma.themeTemplate.findUniqueOrThrow({ where: { id } })),
    };
  },
};

function telegramCredentials() {
  return {
    type: "telegram",
    name: "Telegram",
    data: { botToken: "123456789:AAFabcdefghijklmnopqrstuvwxyz012345", secretToken: "tg_secret-1" },
  };
}

const flowSample = (groupId: string) => ({
  events: [
    {
      id: `e-${groupId}`,
      type: "start",
      outgoingEdgeId: `edge-${groupId}`,
      graphCoordinates: { x: 0, y: 0 },
    },
  ],
  groups: [
    {
      id: groupId,
      title: "Sample",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        {
          id: `b-${groupId}`,
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi" }] }] },
        },
      ],
    },
  ],
  edges: [{ id: `edge-${groupId}`, from: { eventId: `e-${groupId}` }, to: { groupId } }],
  variables: [{ id: `v-${groupId}`, name: "Sample" }],
});

/** A waiting inbox conversation of the workspace (its session gone: a close only closes it). */
async function createSampleConversation(workspaceId: string) {
  const bot = await createTestBot(workspaceId, sampleFlow);
  const conversation = await prisma.conversation.create({
    data: { id: createId(), workspaceId, botId: bot.id, sessionId: createId(), blockId: "b", channel: "web" },
  });
  return conversation.id;
}

/** A knowledge base of the workspace, created through the API. */
async function createSampleKnowledgeBase(world: World) {
  const created = await callApi("POST", "/knowledgeBases", {
    token: world.team.admin.token,
    body: {
      workspaceId: world.team.workspaceId,
      knowledgeBase: {
        name: "Help",
        credentialsId: world.aiCredentialsId,
        embeddingModel: "text-embedding-3-small",
      },
    },
  });
  return created.body.knowledgeBase.id as string;
}

/** A bot of the workspace with one result webhook, created through the API. */
async function createSampleWebhook(token: string, workspaceId: string) {
  const bot = await createTestBot(workspaceId, sampleFlow);
  const created = await callApi("POST", `/bots/${bot.id}/webhooks`, {
    token,
    body: { webhook: { url: "https://example.com/hook", events: ["result.created"] } },
  });
  return { bot, webhookId: created.body.webhook.id as string };
}

/**
 * Valid values of fields with a format or a rule across records; `with`: fields sent along (a flow's edges
 * need its events and groups). Everything else is built from the field's schema.
 */
function samples(world: World): Record<string, { value: unknown; with?: Record<string, unknown> }> {
  const flow = flowSample(`g${createId().slice(0, 8)}`);
  const unique = createId().slice(0, 10);
  return {
    folderId: { value: world.folderId },
    parentFolderId: { value: world.otherFolderId },
    publicId: { value: `sample-${unique}` },
    customDomain: { value: `chat-${unique}.example.com` },
    messagingCredentialsId: { value: world.credentialsId },
    selectedThemeTemplateId: { value: "builtin-midnight" },
    icon: { value: "🦜" },
    events: { value: flow.events, with: { groups: flow.groups, edges: flow.edges } },
    groups: { value: flow.groups, with: { events: flow.events, edges: flow.edges } },
    edges: { value: flow.edges, with: { events: flow.events, groups: flow.groups } },
    variables: {
      value: flow.variables,
      with: { events: flow.events, groups: flow.groups, edges: flow.edges },
    },
    theme: {
      value: {
        general: { font: "Inter", background: { type: "Color", content: "#fafafa" } },
        customCss: ".x{}",
      },
    },
    settings: { value: { general: { isInputPrefillEnabled: false }, typingEmulation: { enabled: false } } },
    resultsTablePreferences: {
      value: { columnsOrder: ["a"], columnsVisibility: { a: false }, columnsWidth: { a: 120 } },
    },
    percent: { value: 25 },
    autoRollback: { value: { maxDropPoints: 5, minStarts: 100 }, with: { percent: 25 } },
    tests: {
      value: [{ id: "sample", name: "Sample test", steps: [{ type: "text", text: "Hi" }], stubs: [] }],
    },
    credentials: { value: { ...telegramCredentials(), name: "Sample account" } },
    email: { value: undefined },
    url: { value: "https://example.com/sample-hook" },
    events_webhook: { value: ["result.completed", "answer.created"] },
    bot_import: { value: { name: "Sample import" } },
    bots: { value: [{ name: "Sample import" }] },
    chatsHardLimit: { value: 1234 },
    aiCredentialsId: { value: world.aiCredentialsId },
    scopes: { value: ["bots:read", "chat"] },
    expiresAt: { value: "2030-01-01T00:00:00.000Z" },
  };
}

/** A valid value from a field's schema: a non-default enum value, the opposite boolean, a short text. */
function fromSchema(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fromSchema(options.find((option) => option.type !== "null"));
  if (schema.enum?.length) return schema.enum.find((value) => value !== schema.default) ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "boolean") return schema.default !== true;
  if (type === "string") return "Sample value";
  if (type === "number" || type === "integer") return Math.max(Number(schema.minimum ?? 1), 1);
  return undefined;
}

const resolveSchema = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.anyOf?.length === 1 ? schema.anyOf[0] : schema;

/** The documented fields of a body: its properties, and those of an object property that lists its own. */
function documentedFields(schema: JsonSchema): { path: string[]; schema: JsonSchema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const resolved = resolveSchema(child) ?? {};
    if (resolved.properties && resolved.additionalProperties === false && !resolved.anyOf && !resolved.oneOf)
      return Object.entries(resolved.properties).map(([inner, grandchild]) => ({
        path: [key, inner],
        schema: grandchild,
      }));
    return [{ path: [key], schema: resolved }];
  });
}

/** The objects of a body that refuse keys they do not list: the body itself and its wrapper objects. */
function strictObjects(schema: JsonSchema): string[][] {
  const nested = Object.entries(schema.properties ?? {})
    .filter(([, child]) => {
      const resolved = resolveSchema(child) ?? {};
      return resolved.properties && resolved.additionalProperties === false;
    })
    .map(([key]) => [key]);
  return [[], ...nested];
}

function setAt(root: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(root);
  let cursor: Record<string, unknown> = copy;
  for (const segment of path.slice(0, -1)) {
    cursor[segment] = { ...((cursor[segment] as Record<string, unknown> | undefined) ?? {}) };
    cursor = cursor[segment] as Record<string, unknown>;
  }
  cursor[path.at(-1) ?? ""] = value;
  return copy;
}

const getAt = (root: unknown, path: string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], root);

let world: World;
afterAll(() => oidc?.close());
beforeAll(async () => {
  oidc = await startOidcProvider({
    clientId: "acme",
    clientSecret: "acme-secret",
    redirectUris: ["http://localhost:3000/api/auth/sso/acme/callback"],
  });
  const team = await createTestTeam();
  const folder = async (name: string) =>
    (
      await callApi("POST", "/folders", {
        token: team.admin.token,
        body: { workspaceId: team.workspaceId, folder: { name } },
      })
    ).body.folder.id as string;
  const credentials = await callApi("POST", "/credentials", {
    token: team.admin.token,
    body: { workspaceId: team.workspaceId, credentials: telegramCredentials() },
  });
  world = {
    team,
    folderId: await folder("Sample folder"),
    otherFolderId: await folder("Other folder"),
    credentialsId: credentials.body.credentials.id,
    aiCredentialsId: (
      await callApi("POST", "/credentials", {
        token: team.admin.token,
        body: {
          workspaceId: team.workspaceId,
          credentials: { type: "openai", name: "OpenAI", data: { apiKey: "sk-sample-key" } },
        },
      })
    ).body.credentials.id,
  };
});

describe("every documented field of a write is stored or refused by name", () => {
  it("has a case for every write operation of the document", () => {
    expect(operations.map(({ method, route }) => `${method} ${route}`).sort()).toEqual(
      Object.keys(cases).sort(),
    );
  });

  for (const operation of operations) {
    const key = `${operation.method} ${operation.route}`;
    const fields = documentedFields(operation.bodySchema ?? {});
    it(`${key}: ${fields.map((field) => field.path.join(".")).join(", ")}`, async () => {
      const known = samples(world);
      for (const field of fields) {
        const label = `${key} ${field.path.join(".")}`;
        if (notStored[label]) continue;
        const prepared = await cases[key]?.(world);
        if (!prepared) throw new Error(`no case for ${key}`);
        const name = field.path.at(-1) ?? "";
        const sample =
          (key.startsWith("POST /bots/import") && name === "bot" ? known.bot_import : undefined) ??
          (key.includes("webhooks") && name === "events" ? known.events_webhook : undefined) ??
          (key.includes("knowledgeBases") && name === "credentialsId" ? known.aiCredentialsId : undefined) ??
          known[name];
        const value = sample?.value !== undefined ? sample.value : fromSchema(field.schema);
        // An operation's own base already names what it needs (a member's email, a body's required text).
        const sent = value === undefined ? getAt(prepared.base, field.path) : value;
        expect(sent, `${label}: no sample value`).toBeDefined();
        let body = setAt(prepared.base, field.path, sent);
        for (const [companion, companionValue] of Object.entries(sample?.with ?? {}))
          body = setAt(body, [...field.path.slice(0, -1), companion], companionValue);
        const token = (prepared as Prepared & { token?: string }).token ?? world.team.admin.token;
        const answer = await callApi(operation.method, prepared.path, { token, body });
        if (answer.status === 400) {
          // Refused: by name, at the field.
          expect(
            answer.body.issues.some((issue: { path?: string[] }) =>
              field.path.every((segment, index) => issue.path?.[index] === segment),
            ),
            `${label} refused without naming the field: ${JSON.stringify(answer.body)}`,
          ).toBe(true);
          continue;
        }
        expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(200);
        const stored = getAt(await prepared.read(answer.body), field.path);
        if (typeof sent === "object" && sent !== null)
          expect(stored, `${label} was not stored`).toMatchObject(sent);
        else expect(stored, `${label} was not stored`).toEqual(sent);
      }
    });

    it(`${key}: a key the document does not list is refused at its path`, async () => {
      for (const objectPath of strictObjects(operation.bodySchema ?? {})) {
        const prepared = await cases[key]?.(world);
        if (!prepared) throw new Error(`no case for ${key}`);
        const token = (prepared as Prepared & { token?: string }).token ?? world.team.admin.token;
        const body = setAt(prepared.base, [...objectPath, "notAField"], "x");
        const answer = await callApi(operation.method, prepared.path, { token, body });
        expect(answer.status, `${key} ${objectPath.join(".")}`).toBe(400);
        expect(answer.body.issues).toContainEqual(
          expect.objectContaining({ path: [...objectPath, "notAField"], code: "UNKNOWN_FIELD" }),
        );
      }
    });
  }
});
