import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { createFileFlow } from "@parley/chat/testing/testFlows";
import { createId, getLockPgPool, getPrisma } from "@parley/db";
import {
  createLocalStorage,
  createS3Storage,
  type UploadStorage,
} from "@parley/integrations/files/createUploadStorage";
import { type LocalS3Server, startLocalS3Server } from "@parley/integrations/testing/startLocalS3Server";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleFlow } from "../testing/sampleFlow";
import { deleteExpiredData, type RetentionRun } from "./deleteExpiredData";
import { createRetentionJob } from "./startRetentionJob";

const prisma = getPrisma();
const DAY_MS = 86_400_000;
/** The runs' "now": a fixed instant, so that "just older" and "just newer" are a millisecond apart. */
const now = new Date("2026-06-01T12:00:00.000Z");
const daysAgo = (days: number, plusMs = 0) => new Date(now.getTime() - days * DAY_MS + plusMs);

let directory = "";
let s3: LocalS3Server;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "parley-retention-"));
  s3 = await startLocalS3Server();
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await s3?.close();
});

const uploadsOf = (storage: UploadStorage) => ({
  storage,
  maxBytes: 1024,
  viewerUrl: "http://localhost:3001",
});

/**
 * A chat of the file flow on `bot`, through the chat endpoints: start, upload a file (to the storage the
 * chat runs with), answer with it unless `isOpen`, plus a log and a pending webhook event of its result;
 * then its result and rows are dated `createdAt`. Resolves the ids and the file's storage key.
 */
async function chatWithFile(
  chat: ReturnType<typeof createTestChat>["chat"],
  bot: { publicId: string; chatKey: string; botId: string },
  createdAt: Date,
  options: { isOpen?: boolean } = {},
) {
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  expect(start.status).toBe(200);
  const { sessionId, resultId } = start.body as { sessionId: string; resultId: string };
  const granted = await readResponse(
    await chat(
      chatRequest(`/sessions/${sessionId}/uploads`, {
        token: bot.chatKey,
        body: { fileName: "scan.png", fileType: "image/png", fileSize: 9 },
      }),
    ),
  );
  expect(granted.status).toBe(200);
  const { uploadUrl, headers, fileUrl } = granted.body as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  const put = uploadUrl.startsWith(s3.settings.endpoint)
    ? await fetch(uploadUrl, { method: "PUT", headers, body: "png bytes" })
    : await chat(new Request(uploadUrl, { method: "PUT", headers, body: "png bytes" }));
  expect(put.status).toBe(200);
  if (!options.isOpen) {
    const answered = await readResponse(
      await chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: fileUrl },
          headers: { "idempotency-key": createId() },
        }),
      ),
    );
    expect(answered.status).toBe(200);
  }
  await prisma.log.create({
    data: {
      id: createId(),
      botId: bot.botId,
      resultId,
      sessionId,
      status: "error",
      description: "x",
      createdAt,
    },
  });
  await prisma.webhookEvent.create({
    data: { id: createId(), botId: bot.botId, event: "result.created", resultId },
  });
  await prisma.result.update({ where: { id: resultId }, data: { createdAt } });
  await prisma.chatSession.update({ where: { id: sessionId }, data: { createdAt } });
  const key = decodeURIComponent(new URL(fileUrl).pathname.replace(/^\/(api\/v1\/files|chat-files)\//, ""));
  return { sessionId, resultId, key, fileUrl };
}

/** The rows a chat left, counted by table: what retention must delete or keep whole. */
async function rowsOf(chat: { sessionId: string; resultId: string }) {
  const [results, answers, logs, sessions, records, events] = await Promise.all([
    prisma.result.count({ where: { id: chat.resultId } }),
    prisma.answer.count({ where: { resultId: chat.resultId } }),
    prisma.log.count({ where: { resultId: chat.resultId } }),
    prisma.chatSession.count({ where: { id: chat.sessionId } }),
    prisma.chatTurnRecord.count({ where: { sessionId: chat.sessionId } }),
    prisma.webhookEvent.count({ where: { resultId: chat.resultId } }),
  ]);
  // Replayed turns: one per request of the chat; what matters is whether any is left.
  return { results, answers, logs, sessions, records: Math.min(records, 1), events };
}

const deletionOf = (run: RetentionRun, botId: string) => run.deletions.find((d) => d.botId === botId);

describe.each([
  {
    name: "local disk",
    storage: () => createLocalStorage(directory),
    isStored: async (key: string) => (await stat(path.join(directory, key)).catch(() => null)) !== null,
  },
  {
    name: "an S3 bucket",
    storage: () => createS3Storage(s3.settings),
    isStored: async (key: string) => (await s3.readObject(key)) !== null,
  },
])("retention with files on $name", ({ storage: makeStorage, isStored }) => {
  it("deletes exactly the results created more than N days ago, with their answers, logs, sessions, replayed turns, events and files", async () => {
    const storage = makeStorage();
    const { chat } = createTestChat({ uploads: uploadsOf(storage) });
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 30 } });
    const bot = await createPublishedTestBot(createFileFlow(), { workspaceId: team.workspaceId });
    const justOlder = await chatWithFile(chat, bot, daysAgo(30, -1));
    const muchOlder = await chatWithFile(chat, bot, daysAgo(400));
    const exactlyN = await chatWithFile(chat, bot, daysAgo(30));
    const justNewer = await chatWithFile(chat, bot, daysAgo(30, 1));
    // Another workspace, retention off (the default): its old chat stays.
    const other = await createPublishedTestBot(createFileFlow());
    const otherOld = await chatWithFile(chat, other, daysAgo(4000));
    for (const kept of [justOlder, exactlyN, justNewer, otherOld]) {
      expect(await rowsOf(kept)).toEqual({
        results: 1,
        answers: 1,
        logs: 1,
        sessions: 1,
        records: 1,
        events: 1,
      });
      expect(await isStored(kept.key)).toBe(true);
    }

    const run = await deleteExpiredData(prisma, storage, { now });

    const gone = { results: 0, answers: 0, logs: 0, sessions: 0, records: 0, events: 0 };
    const whole = { results: 1, answers: 1, logs: 1, sessions: 1, records: 1, events: 1 };
    expect(await rowsOf(justOlder)).toEqual(gone);
    expect(await rowsOf(muchOlder)).toEqual(gone);
    expect(await rowsOf(exactlyN)).toEqual(whole);
    expect(await rowsOf(justNewer)).toEqual(whole);
    expect(await rowsOf(otherOld)).toEqual(whole);
    expect(await isStored(justOlder.key)).toBe(false);
    expect(await isStored(muchOlder.key)).toBe(false);
    for (const kept of [exactlyN, justNewer, otherOld]) expect(await isStored(kept.key)).toBe(true);
    // Nothing is left under a deleted result's folders (the file's metadata included).
    if (storage.kind === "s3") {
      for (const deleted of [justOlder, muchOlder]) {
        expect(await s3.listKeys(`public/${team.workspaceId}/${bot.botId}/${deleted.resultId}/`)).toEqual([]);
      }
    } else {
      for (const deleted of [justOlder, muchOlder]) {
        const folder = path.join(directory, "public", team.workspaceId, bot.botId, deleted.resultId);
        expect(await stat(folder).catch(() => null)).toBeNull();
      }
    }
    // A deleted file is no longer served (by the viewer, or by the bucket).
    const served =
      storage.kind === "s3" ? await fetch(justOlder.fileUrl) : await chat(new Request(justOlder.fileUrl));
    expect(served.status).toBe(404);
    expect(deletionOf(run, bot.botId)).toEqual({
      workspaceId: team.workspaceId,
      botId: bot.botId,
      retentionDays: 30,
      cutoff: daysAgo(30),
      results: 2,
      answers: 2,
      logs: 2,
      sessions: 2,
      files: 2,
    });
    expect(deletionOf(run, other.botId)).toBeUndefined();
    expect(run.isComplete).toBe(true);

    // A second run finds nothing more.
    expect(deletionOf(await deleteExpiredData(prisma, storage, { now }), bot.botId)).toBeUndefined();
  });

  it("ends a conversation still open on an expired result: the session goes with its result and its upload", async () => {
    const storage = makeStorage();
    const { chat } = createTestChat({ uploads: uploadsOf(storage) });
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 7 } });
    const bot = await createPublishedTestBot(createFileFlow(), { workspaceId: team.workspaceId });
    const open = await chatWithFile(chat, bot, daysAgo(8), { isOpen: true });
    expect(await isStored(open.key)).toBe(true);

    await deleteExpiredData(prisma, storage, { now });

    expect(await rowsOf(open)).toMatchObject({ results: 0, sessions: 0 });
    expect(await isStored(open.key)).toBe(false);
    const next = await readResponse(
      await chat(
        chatRequest(`/sessions/${open.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: open.fileUrl },
        }),
      ),
    );
    expect(next.status).toBe(400);
    expect(next.body.issues[0].code).toBe("SESSION_NOT_FOUND");
  });
});

describe("whose retention applies", () => {
  const storage = () => createLocalStorage(directory);

  it("a bot's own retention beats its workspace's, shorter or longer; the others inherit", async () => {
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 30 } });
    const shorter = await createTestBot(team.workspaceId, sampleFlow);
    const longer = await createTestBot(team.workspaceId, sampleFlow);
    const inheriting = await createTestBot(team.workspaceId, sampleFlow);
    await prisma.bot.update({ where: { id: shorter.id }, data: { retentionDays: 10 } });
    await prisma.bot.update({ where: { id: longer.id }, data: { retentionDays: 60 } });
    const at = async (bot: { id: string; workspaceId: string }, createdAt: Date) =>
      (await createTestResult(bot, { createdAt, answers: [{ blockId: "b2", groupId: "g1", content: "x" }] }))
        .id;
    const results = {
      shorter15: await at(shorter, daysAgo(15)),
      shorter5: await at(shorter, daysAgo(5)),
      longer45: await at(longer, daysAgo(45)),
      longer61: await at(longer, daysAgo(61)),
      inheriting45: await at(inheriting, daysAgo(45)),
      inheriting15: await at(inheriting, daysAgo(15)),
    };

    const run = await deleteExpiredData(prisma, storage(), { now });

    const left = await prisma.result.findMany({
      where: { id: { in: Object.values(results) } },
      select: { id: true },
    });
    expect(left.map((row) => row.id).sort()).toEqual(
      [results.shorter5, results.longer45, results.inheriting15].sort(),
    );
    expect(deletionOf(run, shorter.id)).toMatchObject({ retentionDays: 10, results: 1, answers: 1 });
    expect(deletionOf(run, longer.id)).toMatchObject({ retentionDays: 60, results: 1, answers: 1 });
    expect(deletionOf(run, inheriting.id)).toMatchObject({ retentionDays: 30, results: 1, answers: 1 });
  });

  it("is off by default: nothing is deleted without a retention, however old; a bot's own applies without the workspace's", async () => {
    const team = await createTestTeam();
    const untouched = await createTestBot(team.workspaceId, sampleFlow);
    const own = await createTestBot(team.workspaceId, sampleFlow);
    await prisma.bot.update({ where: { id: own.id }, data: { retentionDays: 1 } });
    const ancient = await createTestResult(untouched, { createdAt: new Date("2016-01-01T00:00:00.000Z") });
    await prisma.log.create({
      data: {
        id: createId(),
        botId: untouched.id,
        status: "info",
        description: "old",
        createdAt: daysAgo(3000),
      },
    });
    const ownOld = await createTestResult(own, { createdAt: daysAgo(2) });

    const run = await deleteExpiredData(prisma, storage(), { now });

    expect(await prisma.result.count({ where: { id: ancient.id } })).toBe(1);
    expect(await prisma.log.count({ where: { botId: untouched.id } })).toBe(1);
    expect(deletionOf(run, untouched.id)).toBeUndefined();
    expect(await prisma.result.count({ where: { id: ownOld.id } })).toBe(0);
  });

  it("also deletes the bot's older logs without a result and its older sessions without one (previews)", async () => {
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 30 } });
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const log = (createdAt: Date) =>
      prisma.log.create({
        data: { id: createId(), botId: bot.id, status: "info", description: "preview", createdAt },
      });
    const oldLog = await log(daysAgo(30, -1));
    const newLog = await log(daysAgo(30));
    const session = async (createdAt: Date) => {
      const id = createId();
      await prisma.chatSession.create({ data: { id, botId: bot.id, isPreview: true, state: {}, createdAt } });
      await prisma.chatTurnRecord.create({
        data: { sessionId: id, key: "k", statusCode: 200, response: {} },
      });
      return id;
    };
    const oldSession = await session(daysAgo(31));
    const newSession = await session(daysAgo(29));

    const run = await deleteExpiredData(prisma, storage(), { now });

    expect((await prisma.log.findMany({ where: { botId: bot.id } })).map((row) => row.id)).toEqual([
      newLog.id,
    ]);
    expect(oldLog.id).not.toBe(newLog.id);
    const sessions = await prisma.chatSession.findMany({ where: { botId: bot.id }, select: { id: true } });
    expect(sessions.map((row) => row.id)).toEqual([newSession]);
    expect(await prisma.chatTurnRecord.count({ where: { sessionId: oldSession } })).toBe(0);
    expect(await prisma.chatTurnRecord.count({ where: { sessionId: newSession } })).toBe(1);
    expect(deletionOf(run, bot.id)).toMatchObject({ results: 0, logs: 1, sessions: 1 });
  });
});

describe("the retention job", () => {
  it("deletes in bounded batches, goes on at the next run, and logs the counts per bot and workspace", async () => {
    // The earlier tests' bots are done with: only this one has a retention now.
    await prisma.workspace.updateMany({ data: { retentionDays: null } });
    await prisma.bot.updateMany({ data: { retentionDays: null } });
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 30 } });
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    for (let index = 0; index < 5; index++) await createTestResult(bot, { createdAt: daysAgo(40 + index) });
    const storage = createLocalStorage(directory);

    // Two results per batch, two batches per run: the first run stops with one left.
    const first = await deleteExpiredData(prisma, storage, { now, batchSize: 2, maxBatches: 2 });
    expect(first.isComplete).toBe(false);
    expect(await prisma.result.count({ where: { botId: bot.id } })).toBe(1);
    // The oldest go first.
    expect((await prisma.result.findFirstOrThrow({ where: { botId: bot.id } })).createdAt).toEqual(
      daysAgo(40),
    );

    const { logger, lines } = createCapturingLogger();
    const job = createRetentionJob({
      getPrisma: () => prisma,
      getLockPool: getLockPgPool,
      getStorage: () => storage,
      logger,
      now: () => now,
    });
    expect(await job.tick()).toBe("ran");
    expect(await prisma.result.count({ where: { botId: bot.id } })).toBe(0);
    const perBot = lines.filter(
      (line) => line.msg === "retention: expired data deleted" && line.botId === bot.id,
    );
    expect(perBot).toEqual([
      expect.objectContaining({
        job: "retention",
        workspaceId: team.workspaceId,
        botId: bot.id,
        retentionDays: 30,
        cutoff: daysAgo(30).toISOString(),
        results: 1,
        answers: 0,
        logs: 0,
        sessions: 0,
        files: 0,
      }),
    ]);
    const perWorkspace = lines.filter(
      (line) => line.msg === "retention: workspace total" && line.workspaceId === team.workspaceId,
    );
    expect(perWorkspace).toEqual([expect.objectContaining({ results: 1 })]);
  });

  it("keeps a bot's rows when its files cannot be deleted (to be found again), logs why, and goes on with the others", async () => {
    await prisma.workspace.updateMany({ data: { retentionDays: null } });
    await prisma.bot.updateMany({ data: { retentionDays: null } });
    const team = await createTestTeam();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { retentionDays: 30 } });
    const bot = await createTestBot(team.workspaceId, sampleFlow);
    const result = await createTestResult(bot, { createdAt: daysAgo(31) });
    await prisma.log.create({
      data: { id: createId(), botId: bot.id, status: "info", description: "old", createdAt: daysAgo(31) },
    });
    // A bucket that does not exist: every listing fails.
    const broken = createS3Storage({ ...s3.settings, bucket: "no-such-bucket" });
    const { logger, lines } = createCapturingLogger();
    const job = createRetentionJob({
      getPrisma: () => prisma,
      getLockPool: getLockPgPool,
      getStorage: () => broken,
      logger,
      now: () => now,
    });
    expect(await job.tick()).toBe("ran");
    expect(await prisma.result.count({ where: { id: result.id } })).toBe(1);
    // The bot's other expired rows, which have no files, still go.
    expect(await prisma.log.count({ where: { botId: bot.id } })).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "retention: uploaded files not deleted", botId: bot.id, level: 50 }),
    );
  });
});
