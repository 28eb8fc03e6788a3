import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createLocalStorage, createS3Storage } from "@parley/integrations/files/createUploadStorage";
import { type LocalS3Server, startLocalS3Server } from "@parley/integrations/testing/startLocalS3Server";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createSessionCookie,
  createTestChat,
  createTestMember,
  readResponse,
  requireWorkspaceSso,
} from "../testing/chatFixtures";
import { createFileFlow, createGreetingFlow, textOf } from "../testing/testFlows";

let directory = "";
let chat: ReturnType<typeof createTestChat>["chat"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "parley-uploads-"));
  chat = createTestChat({
    uploads: { storage: createLocalStorage(directory), maxBytes: 1024, viewerUrl: "http://localhost:3001" },
  }).chat;
});
afterAll(() => rm(directory, { recursive: true, force: true }));

async function startFileChat(flow = createFileFlow()) {
  const bot = await createPublishedTestBot(flow);
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const sessionId = start.body.sessionId as string;
  const requestUpload = async (body: unknown) =>
    readResponse(await chat(chatRequest(`/sessions/${sessionId}/uploads`, { token: bot.chatKey, body })));
  return { bot, start: start.body, sessionId, requestUpload };
}

const put = async (url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> | string) =>
  readResponse(await chat(new Request(url, { method: "PUT", headers, body })));

describe("chat uploads on local disk", () => {
  it("accepts an allowed file for the waiting file input, stores it, serves it, and takes its URL as the answer", async () => {
    const { bot, start, sessionId, requestUpload } = await startFileChat();
    const granted = await requestUpload({
      fileName: "../my report.pdf",
      fileType: "application/pdf",
      fileSize: 11,
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      method: "PUT",
      headers: { authorization: `Bearer ${bot.chatKey}` },
    });
    expect(granted.body.fileUrl).toMatch(
      /^http:\/\/localhost:3001\/api\/v1\/files\/public\/.+\/my%20report\.pdf$/,
    );
    expect((await put(granted.body.uploadUrl, granted.body.headers, "%PDF-1.7 hi")).status).toBe(200);

    const file = await chat(new Request(granted.body.fileUrl));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("%PDF-1.7 hi");
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");

    const answered = await readResponse(
      await chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: granted.body.fileUrl },
        }),
      ),
    );
    expect(answered.body.messages.map(textOf)).toEqual([`Got ${granted.body.fileUrl}`]);
    const answer = await getPrisma().answer.findFirstOrThrow({ where: { resultId: start.resultId } });
    expect(answer.content).toBe(granted.body.fileUrl);
  });

  it("refuses types the input does not allow, files over the limit, and sessions not waiting for a file", async () => {
    const { requestUpload } = await startFileChat();
    const wrongType = await requestUpload({
      fileName: "tool.exe",
      fileType: "application/x-msdownload",
      fileSize: 10,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues[0].code).toBe("FILE_TYPE_NOT_ALLOWED");
    const tooLarge = await requestUpload({ fileName: "big.png", fileType: "image/png", fileSize: 4096 });
    expect(tooLarge.body.issues[0].code).toBe("FILE_TOO_LARGE");

    // A body larger than it claimed is cut off at the limit, and nothing is kept.
    const granted = await requestUpload({ fileName: "small.png", fileType: "image/png", fileSize: 10 });
    const oversized = await put(granted.body.uploadUrl, granted.body.headers, new Uint8Array(5000));
    expect(oversized.status).toBe(400);
    expect(oversized.body.issues[0].code).toBe("FILE_TOO_LARGE");
    expect((await chat(new Request(granted.body.fileUrl))).status).toBe(404);

    const text = await startFileChat(createGreetingFlow());
    const notExpected = await text.requestUpload({
      fileName: "a.pdf",
      fileType: "application/pdf",
      fileSize: 10,
    });
    expect(notExpected.body.issues[0].code).toBe("UPLOAD_NOT_EXPECTED");
  });

  it("serves private files only to members of the workspace, and HTML as a download", async () => {
    const { bot, requestUpload } = await startFileChat(
      createFileFlow({ visibility: "Private", allowedFileTypes: { isEnabled: false } }),
    );
    const granted = await requestUpload({ fileName: "page.html", fileType: "text/html", fileSize: 30 });
    expect(granted.body.fileUrl).toContain("/api/v1/files/private/");
    await put(granted.body.uploadUrl, granted.body.headers, "<script>alert(1)</script>");
    expect((await chat(new Request(granted.body.fileUrl))).status).toBe(401);
    const stranger = await createTestUser();
    const forbidden = await chat(
      new Request(granted.body.fileUrl, { headers: { authorization: `Bearer ${stranger.token}` } }),
    );
    expect(forbidden.status).toBe(403);
    const member = await chat(
      new Request(granted.body.fileUrl, { headers: { authorization: `Bearer ${bot.owner.token}` } }),
    );
    expect(member.status).toBe(200);
    expect(member.headers.get("content-type")).toBe("application/octet-stream");
    expect(member.headers.get("content-disposition")).toMatch(/^attachment/);
  });
});

describe("private files of a workspace that requires its single sign-on", () => {
  it("are refused to a member who did not sign in through its provider (SSO_REQUIRED), served to one who did and to ADMINs", async () => {
    const builder = createTestChat({
      allowSessionCookie: true,
      uploads: { storage: createLocalStorage(directory), maxBytes: 1024, viewerUrl: "http://localhost:3001" },
    }).chat;
    const { bot, requestUpload } = await startFileChat(
      createFileFlow({ visibility: "Private", allowedFileTypes: { isEnabled: false } }),
    );
    const granted = await requestUpload({ fileName: "notes.txt", fileType: "text/plain", fileSize: 5 });
    await put(granted.body.uploadUrl, granted.body.headers, "notes");
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const provider = await requireWorkspaceSso(bot.workspaceId);
    const read = async (headers: Record<string, string>) =>
      readResponse(await builder(new Request(granted.body.fileUrl, { headers })));

    const refusedHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${member.token}` },
      { cookie: await createSessionCookie(member.user.id) },
    ];
    for (const headers of refusedHeaders) {
      const refused = await read(headers);
      expect(refused.status).toBe(403);
      expect(refused.body.issues).toEqual([expect.objectContaining({ code: "SSO_REQUIRED" })]);
    }
    const throughProvider = await builder(
      new Request(granted.body.fileUrl, {
        headers: { cookie: await createSessionCookie(member.user.id, provider) },
      }),
    );
    expect(throughProvider.status).toBe(200);
    expect(await throughProvider.text()).toBe("notes");
    const admin = await builder(
      new Request(granted.body.fileUrl, { headers: { authorization: `Bearer ${bot.owner.token}` } }),
    );
    expect(admin.status).toBe(200);
  });
});

describe("preview uploads on the builder", () => {
  // Issue 21, item 6: the builder's process listens on every interface, so the request's own URL names
  // `http://0.0.0.0:3000`; the URLs handed to the author's browser are on the builder's public URL
  // (BUILDER_URL, `http://localhost:3000` in tests), and its cookie goes there.
  it("hands out uploadUrl and fileUrl on the builder's public URL, never the listen address", async () => {
    const builder = createTestChat({
      allowSessionCookie: true,
      uploads: { storage: createLocalStorage(directory), maxBytes: 1024, viewerUrl: "http://localhost:3001" },
    }).chat;
    const bot = await createPublishedTestBot(createFileFlow());
    const { token } = await createUserSession(getPrisma(), bot.owner.user.id);
    const cookie = `parley_session=${token}`;
    const atListenAddress = (path: string, body: unknown) =>
      new Request(`http://0.0.0.0:3000/api/v1${path}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const preview = await readResponse(
      await builder(atListenAddress(`/bots/${bot.botId}/preview/startChat`, {})),
    );
    expect(preview.status).toBe(200);
    const granted = await readResponse(
      await builder(
        atListenAddress(`/sessions/${preview.body.sessionId}/uploads`, {
          fileName: "notes.pdf",
          fileType: "application/pdf",
          fileSize: 11,
        }),
      ),
    );
    expect(granted.status).toBe(200);
    expect(granted.body.uploadUrl).toMatch(
      new RegExp(`^http://localhost:3000/api/v1/sessions/${preview.body.sessionId}/uploads/`),
    );
    expect(granted.body.fileUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/files\/.+\/preview\/.+\/notes\.pdf$/,
    );
    // Both work on the builder with the author's cookie.
    const put = await builder(
      new Request(granted.body.uploadUrl, { method: "PUT", headers: { cookie }, body: "%PDF-1.7 hi" }),
    );
    expect(put.status).toBe(200);
    const file = await builder(new Request(granted.body.fileUrl, { headers: { cookie } }));
    expect(await file.text()).toBe("%PDF-1.7 hi");
  });
});

describe("chat uploads on S3-compatible storage (a local S3 server)", () => {
  let s3: LocalS3Server;
  let s3Chat: ReturnType<typeof createTestChat>["chat"];
  beforeAll(async () => {
    s3 = await startLocalS3Server();
    s3Chat = createTestChat({
      uploads: { storage: createS3Storage(s3.settings), maxBytes: 1024, viewerUrl: "http://localhost:3001" },
    }).chat;
  });
  afterAll(() => s3?.close());

  async function startS3FileChat(flow = createFileFlow()) {
    const bot = await createPublishedTestBot(flow);
    const start = await readResponse(
      await s3Chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    const sessionId = start.body.sessionId as string;
    const granted = await readResponse(
      await s3Chat(
        chatRequest(`/sessions/${sessionId}/uploads`, {
          token: bot.chatKey,
          body: { fileName: "scan 1.png", fileType: "image/png", fileSize: 9 },
        }),
      ),
    );
    expect(granted.status).toBe(200);
    return { bot, start: start.body, sessionId, granted: granted.body };
  }

  it("hands out a pre-signed PUT to the bucket; the file lands there and its public URL is the answer", async () => {
    const { bot, start, sessionId, granted } = await startS3FileChat();
    expect(granted).toMatchObject({ method: "PUT", headers: { "content-type": "image/png" } });
    expect(granted.headers.authorization).toBeUndefined();
    expect(granted.uploadUrl.startsWith(`${s3.settings.endpoint}/chat-files/public/`)).toBe(true);
    const stored = await fetch(granted.uploadUrl, {
      method: "PUT",
      headers: granted.headers,
      body: "png bytes",
    });
    expect(stored.status).toBe(200);
    expect(granted.fileUrl).toMatch(
      new RegExp(
        `^${s3.settings.endpoint}/chat-files/public/${bot.workspaceId}/${bot.botId}/${start.resultId}/[\\w-]+/scan%201\\.png$`,
      ),
    );
    const key = decodeURIComponent(new URL(granted.fileUrl).pathname.replace("/chat-files/", ""));
    expect(await s3.readObject(key)).toEqual({ bytes: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await (await fetch(granted.fileUrl)).text()).toBe("png bytes");

    // The viewer's own upload endpoint is not where files go when a bucket is configured.
    const local = await readResponse(
      await s3Chat(
        new Request(`http://localhost:3001/api/v1/sessions/${sessionId}/uploads/abcdefgh12/scan.png`, {
          method: "PUT",
          headers: { authorization: `Bearer ${bot.chatKey}`, "content-type": "image/png" },
          body: "png bytes",
        }),
      ),
    );
    expect(local.status).toBe(400);
    expect(local.body.issues[0].code).toBe("UPLOAD_NOT_EXPECTED");

    const answered = await readResponse(
      await s3Chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: granted.fileUrl },
        }),
      ),
    );
    expect(answered.body.messages.map(textOf)).toEqual([`Got ${granted.fileUrl}`]);
  });

  it("serves a private file to members only, as a redirect to a short-lived signed GET of the bucket", async () => {
    const { bot, granted } = await startS3FileChat(createFileFlow({ visibility: "Private" }));
    expect(granted.fileUrl).toMatch(/^http:\/\/localhost:3001\/api\/v1\/files\/private\//);
    expect(
      (await fetch(granted.uploadUrl, { method: "PUT", headers: granted.headers, body: "secret" })).status,
    ).toBe(200);
    expect((await s3Chat(new Request(granted.fileUrl))).status).toBe(401);
    const member = await s3Chat(
      new Request(granted.fileUrl, { headers: { authorization: `Bearer ${bot.owner.token}` } }),
    );
    expect(member.status).toBe(302);
    const location = member.headers.get("location") ?? "";
    expect(location.startsWith(`${s3.settings.endpoint}/chat-files/private/`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("secret");
  });
});
