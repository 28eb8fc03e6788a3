import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3Server, startLocalS3Server } from "../testing/startLocalS3Server";
import { createGeneratedFileSaver } from "./createGeneratedFileSaver";
import { createS3Storage } from "./createUploadStorage";
import { createUploadReader } from "./fetchFile";

let s3: LocalS3Server;
beforeAll(async () => {
  s3 = await startLocalS3Server();
});
afterAll(() => s3?.close());

const storage = () => createS3Storage(s3.settings);
const uploadSettings = () => ({ storage: storage(), maxBytes: 1024, viewerUrl: "http://localhost:3001" });

async function putPrepared(key: string, contentType: string, body: string, sentType = contentType) {
  const prepared = await storage().prepareUpload({
    key,
    contentType,
    localUploadUrl: "unused",
    authorization: "Bearer ck_unused",
  });
  expect(prepared.target).toBe("s3");
  const response = await fetch(prepared.uploadUrl, {
    method: "PUT",
    headers: { ...prepared.headers, "content-type": sentType },
    body,
  });
  return { prepared, status: response.status, text: await response.text() };
}

describe("uploads on an S3-compatible server", () => {
  it("a pre-signed PUT stores the file with its content type, and the public URL serves it", async () => {
    const key = "public/w1/b1/r1/f1/my report.pdf";
    const { prepared, status } = await putPrepared(key, "application/pdf", "%PDF-1.7 hi");
    expect(status).toBe(200);
    const url = new URL(prepared.uploadUrl);
    expect(url.pathname).toBe("/chat-files/public/w1/b1/r1/f1/my%20report.pdf");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toContain("content-type");

    expect(await s3.readObject(key)).toEqual({
      bytes: Buffer.from("%PDF-1.7 hi"),
      contentType: "application/pdf",
    });
    const publicUrl = storage().publicUrl(key);
    expect(publicUrl).toBe(`${s3.settings.endpoint}/chat-files/public/w1/b1/r1/f1/my%20report.pdf`);
    const served = await fetch(publicUrl ?? "");
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("%PDF-1.7 hi");
  });

  it("the bucket refuses a PUT whose content type is not the signed one, or whose signature was altered", async () => {
    const key = "public/w1/b1/r1/f2/photo.png";
    const wrongType = await putPrepared(key, "image/png", "<script>", "text/html");
    expect(wrongType.status).toBe(403);
    expect(wrongType.text).toContain("SignatureDoesNotMatch");
    expect(await s3.readObject(key)).toBeNull();

    const { prepared } = await putPrepared(key, "image/png", "png bytes");
    const otherKey = new URL(prepared.uploadUrl);
    otherKey.pathname = "/chat-files/public/w2/b1/r1/f2/photo.png";
    const moved = await fetch(otherKey, { method: "PUT", headers: prepared.headers, body: "x" });
    expect(moved.status).toBe(403);
    expect(await s3.listKeys("public/w2/")).toEqual([]);
  });

  it("keeps files the server received (saveFile) and reads a private one through a short-lived signed GET", async () => {
    const key = "private/w1/b1/r1/f3/id card.jpg";
    await storage().saveFile(key, new Uint8Array(Buffer.from("jpeg bytes")), "image/jpeg");
    expect(await s3.readObject(key)).toEqual({ bytes: Buffer.from("jpeg bytes"), contentType: "image/jpeg" });

    const read = await storage().readFile(key);
    if (!read || !("redirect" in read)) throw new Error("S3 storage answers a redirect");
    const signed = new URL(read.redirect);
    expect(signed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(await file.text()).toBe("jpeg bytes");

    signed.searchParams.set("X-Amz-Signature", "0".repeat(64));
    expect((await fetch(signed)).status).toBe(403);
  });

  it("a generated file goes to the bucket under a public key, and the server reads its own upload back from there", async () => {
    const uploads = uploadSettings();
    const url = await createGeneratedFileSaver(uploads)({
      workspaceId: "w9",
      botId: "b9",
      resultId: "r9",
      isPreview: false,
      fileName: "speech answer.mp3",
      contentType: "audio/mpeg",
      bytes: Buffer.from("ID3 audio"),
    });
    expect(url).toMatch(
      new RegExp(`^${s3.settings.endpoint}/chat-files/public/w9/b9/r9/[\\w-]+/speech_answer\\.mp3$`),
    );
    const key = decodeURIComponent(new URL(url).pathname.replace("/chat-files/", ""));
    expect(await s3.readObject(key)).toEqual({ bytes: Buffer.from("ID3 audio"), contentType: "audio/mpeg" });

    const read = createUploadReader(uploads);
    const downloaded = await read(url, { workspaceId: "w9", maxBytes: 1024 });
    expect(downloaded).toMatchObject({
      status: 200,
      contentType: "audio/mpeg",
      fileName: "speech_answer.mp3",
    });
    expect(Buffer.from(downloaded?.bytes ?? []).toString()).toBe("ID3 audio");
    // Another workspace's file is not read from storage (it goes through the outbound rules instead).
    expect(await read(url, { workspaceId: "w8", maxBytes: 1024 })).toBeNull();
  });

  it("behind S3_PUBLIC_URL (a CDN) public URLs use that base, encoded, and still read from the bucket", async () => {
    const key = "public/w7/b7/r7/f7/voice note.ogg";
    await storage().saveFile(key, new Uint8Array(Buffer.from("OggS")), "audio/ogg");
    const cdn = createS3Storage({ ...s3.settings, publicUrl: "https://cdn.example.com/files/" });
    const url = cdn.publicUrl(key);
    expect(url).toBe("https://cdn.example.com/files/public/w7/b7/r7/f7/voice%20note.ogg");
    const read = createUploadReader({ storage: cdn, maxBytes: 1024, viewerUrl: "http://localhost:3001" });
    const downloaded = await read(url ?? "", { workspaceId: "w7", maxBytes: 1024 });
    expect(Buffer.from(downloaded?.bytes ?? []).toString()).toBe("OggS");
  });
});
