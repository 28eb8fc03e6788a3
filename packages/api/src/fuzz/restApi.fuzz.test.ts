import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { errorBodySchema } from "@parley/schemas";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { handleRestRequest } from "../mounts";
import { createOpenApiDocument } from "../openapi/createOpenApiDocument";
import { callApi } from "../testing/fixtures";
import { sampleFlow } from "../testing/sampleFlow";
import { listOperations } from "./listOperations";
import { readFuzzSettings } from "./readFuzzSettings";
import { type FuzzIds, type FuzzRequest, requestArbitrary } from "./requestArbitrary";
import { snapshotTables } from "./snapshotTables";

/**
 * Runs per REST endpoint, in process, each rejected request checked against a snapshot of every table. The
 * black-box suite (e2e/fuzz.spec.ts) sends 500 per endpoint to the production servers; this one keeps CI
 * short with 60 on a fixed seed. `npm run fuzz` raises both (FUZZ_RUNS) on a random seed (FUZZ_SEED replays).
 */
const { runs: RUNS, seed: SEED } = readFuzzSettings(process.env, 60);
const operations = listOperations(
  createOpenApiDocument({ builderUrl: "http://localhost:3000", viewerUrl: "http://localhost:3001" }) as never,
).filter((operation) => !operation.isChat);

async function seedIds(): Promise<FuzzIds> {
  const team = await createTestTeam();
  const other = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, sampleFlow);
  const foreignBot = await createTestBot(other.workspaceId, sampleFlow);
  const result = await createTestResult(bot, { answers: [{ blockId: "b2", groupId: "g1", content: "x" }] });
  const folder = await callApi("POST", "/folders", {
    token: team.admin.token,
    body: { workspaceId: team.workspaceId, folder: { name: "Fuzz" } },
  });
  const webhook = await callApi("POST", `/bots/${bot.id}/webhooks`, {
    token: team.admin.token,
    body: { webhook: { url: "https://hooks.example.com/fuzz", events: ["result.created"] } },
  });
  const webhookId = webhook.body.webhook.id as string;
  const ping = await callApi("POST", `/bots/${bot.id}/webhooks/${webhookId}/ping`, {
    token: team.admin.token,
  });
  // A knowledge base with a source; its credentials' server is unreachable, so a fuzzed query or indexing fails.
  const aiCredentials = await callApi("POST", "/credentials", {
    token: team.admin.token,
    body: {
      workspaceId: team.workspaceId,
      credentials: {
        type: "openai",
        name: "OpenAI",
        data: { apiKey: "sk-fuzz", baseUrl: "http://127.0.0.1:9/v1" },
      },
    },
  });
  const knowledgeBase = await callApi("POST", "/knowledgeBases", {
    token: team.admin.token,
    body: {
      workspaceId: team.workspaceId,
      knowledgeBase: {
        name: "Fuzz",
        credentialsId: aiCredentials.body.credentials.id,
        embeddingModel: "text-embedding-3-small",
      },
    },
  });
  const knowledgeBaseId = knowledgeBase.body.knowledgeBase.id as string;
  const source = await callApi("POST", `/knowledgeBases/${knowledgeBaseId}/sources`, {
    token: team.admin.token,
    body: { source: { type: "text", name: "Fuzz", text: "Returns within 30 days." } },
  });
  const invitation = await callApi("POST", `/workspaces/${team.workspaceId}/invitations`, {
    token: team.admin.token,
    body: { invitation: { email: "fuzz-invited@example.test", role: "MEMBER" } },
  });
  const inviteLink = await callApi("POST", `/workspaces/${team.workspaceId}/inviteLinks`, {
    token: team.admin.token,
    body: { inviteLink: { role: "GUEST" } },
  });
  return {
    own: {
      invitationId: [invitation.body.invitation.id],
      inviteLinkId: [inviteLink.body.inviteLink.id],
      knowledgeBaseId: [knowledgeBaseId],
      sourceId: [source.body.source.id],
      workspaceId: [team.workspaceId],
      botId: [bot.id],
      folderId: [folder.body.folder.id],
      resultId: [result.id],
      webhookId: [webhookId],
      deliveryId: [ping.body.delivery.id],
      userId: [team.guest.user.id, team.member.user.id],
      tokenId: ["missing0001"],
    },
    foreign: [other.workspaceId, foreignBot.id],
    tokens: [team.admin.token, team.member.token, team.guest.token, team.outsider.token],
  };
}

/**
 * Whether the team's workspace, bot, folder, result, members, result webhook (still on) and its delivery
 * that `ids` name are all still there.
 */
async function seedStillExists(prisma: ReturnType<typeof getPrisma>, ids: FuzzIds) {
  const [workspaceId] = ids.own.workspaceId as [string];
  const [botId] = ids.own.botId as [string];
  const [folderId] = ids.own.folderId as [string];
  const [resultId] = ids.own.resultId as [string];
  const [webhookId] = ids.own.webhookId as [string];
  const [deliveryId] = ids.own.deliveryId as [string];
  const counts = await Promise.all([
    prisma.workspace.count({ where: { id: workspaceId } }),
    prisma.bot.count({ where: { id: botId } }),
    prisma.folder.count({ where: { id: folderId } }),
    prisma.result.count({ where: { id: resultId } }),
    prisma.memberInWorkspace.count({ where: { workspaceId } }),
    prisma.webhookSubscription.count({ where: { id: webhookId, enabled: true } }),
    prisma.webhookDelivery.count({ where: { id: deliveryId } }),
  ]);
  return counts.every((count, index) => count === (index === 4 ? 3 : 1));
}

function toRequest({ method, path, headers, body }: FuzzRequest): Request | undefined {
  try {
    return new Request(`http://localhost:3000/api/v1${path}`, {
      method,
      headers,
      body: method === "GET" ? undefined : body,
    });
  } catch {
    // Not expressible as an HTTP request (e.g. a NUL in a header): a server never sees it.
    return undefined;
  }
}

// The queue the knowledge endpoints enqueue indexing jobs on (nobody works them here).
afterAll(() => stopJobQueue());

describe("REST API fuzzing", () => {
  it("aims at every operation of the document, the result-webhook and retention ones included", () => {
    const aimed = operations.map((operation) => `${operation.method} ${operation.route}`);
    const document = createOpenApiDocument({
      builderUrl: "http://localhost:3000",
      viewerUrl: "http://localhost:3001",
    }) as unknown as { paths: Record<string, Record<string, unknown> & { servers?: unknown }> };
    const everyOperation = Object.entries(document.paths)
      .filter(([, item]) => !item.servers)
      .flatMap(([route, item]) =>
        Object.keys(item)
          .filter((method) => ["get", "post", "patch", "put", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${route}`),
      );
    expect(aimed.sort()).toEqual(everyOperation.sort());
    expect(aimed).toEqual(
      expect.arrayContaining([
        "PATCH /bots/{botId}/webhooks/{webhookId}",
        "POST /bots/{botId}/webhooks/{webhookId}/rotateSecret",
        "POST /bots/{botId}/webhooks/{webhookId}/ping",
        "POST /bots/{botId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
        "GET /bots/{botId}/retention",
        "PATCH /bots/{botId}",
        "PATCH /workspaces/{workspaceId}",
        "POST /workspaces/{workspaceId}/invitations/{invitationId}/resend",
        "DELETE /workspaces/{workspaceId}/invitations/{invitationId}",
      ]),
    );
  });

  it(`answers ${RUNS} random or malformed requests per endpoint without a 5xx or a stored change when rejected (seed ${SEED})`, async () => {
    const prisma = getPrisma();
    let ids = await seedIds();
    let sent = 0;
    // The snapshot after a rejected request is the one before the next request.
    let current: Record<string, string> | undefined;
    for (const [index, operation] of operations.entries()) {
      // A fuzzed request may succeed in deleting the team's workspace, bot or folder, or removing a member:
      // the next endpoint gets a fresh team, not 500 requests that can only answer 404.
      if (!(await seedStillExists(prisma, ids))) {
        ids = await seedIds();
        current = undefined;
      }
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, ids), async (fuzzRequest) => {
          const request = toRequest(fuzzRequest);
          if (!request) return;
          const before = current ?? (await snapshotTables(prisma));
          current = undefined;
          const response = await handleRestRequest(request);
          sent++;
          const label = `${fuzzRequest.method} ${fuzzRequest.path} (${operation.method} ${operation.route})`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            expect(errorBodySchema.safeParse(await response.json()).success, label).toBe(true);
            current = await snapshotTables(prisma);
            expect(current, label).toEqual(before);
          }
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
    }
    // A Web Request cannot carry TRACE or a NUL in a header (a server never sees those): about 15% are skipped.
    expect(sent).toBeGreaterThan(operations.length * RUNS * 0.75);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 1_800_000);
});
