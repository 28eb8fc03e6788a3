import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createLocalStorage, createS3Storage } from "@parley/integrations/files/createUploadStorage";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
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

describe("chat uploads on S3-compatible storage", () => {
  it("hands out a pre-signed PUT bound to the content type, and a public URL in the bucket", async () => {
    const storage = createS3Storage({
      endpoint: "https://s3.example.com",
      bucket: "chat-files",
      accessKey: "AKIAEXAMPLE",
      secretKey: "secret",
      region: "eu-west-1",
    });
    const prepared = await storage.prepareUpload({
      key: "public/w/b/r/f/photo.png",
      contentType: "image/png",
      localUploadUrl: "unused",
      authorization: "Bearer ck_x",
    });
    const url = new URL(prepared.uploadUrl);
    expect(url.origin + url.pathname).toBe("https://s3.example.com/chat-files/public/w/b/r/f/photo.png");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(
      /^AKIAEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toContain("content-type");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(prepared.headers).toEqual({ "content-type": "image/png" });
    expect(storage.publicUrl("public/w/b/r/f/photo.png")).toBe(
      "https://s3.example.com/chat-files/public/w/b/r/f/photo.png",
    );
  });
});
