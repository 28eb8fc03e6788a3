import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createChatClient } from "@parley/chat/testing/chatClient";
import { createPublishedTestBot } from "@parley/chat/testing/chatFixtures";
import {
  type ChatServerProcess,
  killChatProcesses,
  spawnChatProcess,
} from "@parley/chat/testing/spawnChatServer";
import { createFileFlow } from "@parley/chat/testing/testFlows";
import { dbEnv } from "@parley/db";
import { findFreePort } from "@parley/db/embedded";
import { type LocalS3Server, startLocalS3Server } from "@parley/integrations/testing/startLocalS3Server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServers, serverBundleDir } from "./lib/bundleServers";

// The production chat server (`npm run build`'s bundle, as `npm run start:prod` runs it) under
// Node's permission model with no write permission anywhere: any file it tried to write (an
// upload, a secret, a cache) would fail with ERR_ACCESS_DENIED. Reads are open; native addons
// are allowed for the password hashing library, which writes nothing.
const permissionFlag = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

let s3: LocalS3Server;
let dataDir = "";
const processes: ChatServerProcess[] = [];

beforeAll(async () => {
  await bundleServers();
  s3 = await startLocalS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), "parley-no-writes-"));
});
afterAll(async () => {
  await killChatProcesses(processes);
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startReadOnlyChatServer(storage: Record<string, string>) {
  const port = await findFreePort();
  const server = await spawnChatProcess({
    args: [
      permissionFlag,
      "--allow-fs-read=*",
      "--allow-addons",
      "--no-warnings",
      path.join(serverBundleDir, "chatServer.mjs"),
    ],
    cwd: dataDir,
    env: {
      NODE_ENV: "production",
      DATABASE_URL: dbEnv.DATABASE_URL ?? "",
      DATA_DIR: dataDir,
      CHAT_SERVER_PORT: String(port),
      HOST: "127.0.0.1",
      VIEWER_URL: `http://127.0.0.1:${port}`,
      ...storage,
    },
    port,
  });
  processes.push(server);
  return server;
}

/** A chat waiting at a file input, and its permission to upload one file. */
async function requestUpload(server: ChatServerProcess, visibility: "Public" | "Private") {
  const bot = await createPublishedTestBot(createFileFlow({ visibility }));
  const client = createChatClient(server.baseUrl, bot.chatKey);
  const start = await client.startChat(bot.publicId);
  expect(start.status).toBe(200);
  const sessionId = start.body.sessionId as string;
  const granted = await client.post(`/sessions/${sessionId}/uploads`, {
    fileName: "passport.png",
    fileType: "image/png",
    fileSize: 9,
  });
  expect(granted.status).toBe(200);
  return { bot, client, sessionId, granted: granted.body };
}

describe("the production chat server with an S3 bucket", () => {
  it("stores uploads in the bucket and serves them without writing a single local file", async () => {
    const server = await startReadOnlyChatServer({
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY: s3.settings.accessKey,
      S3_SECRET_KEY: s3.settings.secretKey,
    });

    const open = await requestUpload(server, "Public");
    const put = await fetch(open.granted.uploadUrl, {
      method: "PUT",
      headers: open.granted.headers,
      body: "png bytes",
    });
    expect(put.status).toBe(200);
    const answered = await open.client.continueChat(open.sessionId, open.granted.fileUrl);
    expect(answered.status).toBe(200);
    expect(await (await fetch(open.granted.fileUrl)).text()).toBe("png bytes");

    const hidden = await requestUpload(server, "Private");
    await fetch(hidden.granted.uploadUrl, {
      method: "PUT",
      headers: hidden.granted.headers,
      body: "private",
    });
    const member = await fetch(hidden.granted.fileUrl, {
      headers: { authorization: `Bearer ${hidden.bot.owner.token}` },
      redirect: "manual",
    });
    expect(member.status).toBe(302);
    expect(await (await fetch(member.headers.get("location") ?? "")).text()).toBe("private");

    const keys = await s3.listKeys();
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^public/${open.bot.workspaceId}/.+/passport\\.png$`)),
        expect.stringMatching(new RegExp(`^private/${hidden.bot.workspaceId}/.+/passport\\.png$`)),
      ]),
    );
    expect(server.output()).not.toContain("ERR_ACCESS_DENIED");
    expect(server.child.exitCode).toBeNull();
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  it("without a bucket the same process cannot store an upload (the permission model does refuse writes)", async () => {
    const server = await startReadOnlyChatServer({});
    const { bot, sessionId, granted } = await requestUpload(server, "Public");
    expect(granted.uploadUrl).toMatch(new RegExp(`^${server.baseUrl}/api/v1/sessions/${sessionId}/uploads/`));
    const put = await fetch(granted.uploadUrl, {
      method: "PUT",
      headers: { ...granted.headers, authorization: `Bearer ${bot.chatKey}` },
      body: "png bytes",
    });
    expect(put.status).toBe(500);
    // The error's log line may come a moment after the response.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("ERR_ACCESS_DENIED");
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);
});
