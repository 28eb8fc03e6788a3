import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../testing/startLocalServer";
import { createLocalStorage, createS3Storage } from "./createUploadStorage";
import { createUploadReader, fetchFile } from "./fetchFile";

const viewerUrl = "http://localhost:3001";
const key = "private/ws-1/bot-1/result-1/file-1/quote.pdf";
const fileUrl = `${viewerUrl}/api/v1/files/${key}`;
let bucket: LocalServer;

/** Local storage holding `key`, as the viewer's upload endpoint writes it. */
async function createStoredUpload() {
  const storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-files-")));
  await storage.writeLocal(key, new Blob(["%PDF-1.4 stored"]).stream(), "application/pdf", 1_000);
  return createUploadReader({ storage, maxBytes: 1_000, viewerUrl });
}

beforeAll(async () => {
  // An S3-compatible bucket: answers signed GETs with the object.
  bucket = await startLocalServer((request, response) => {
    if (!request.url?.includes("X-Amz-Signature")) {
      response.statusCode = 403;
      response.end();
      return;
    }
    response.setHeader("content-type", "audio/webm");
    response.end("webm bytes");
  });
});
afterAll(() => bucket.close());

describe("reading this server's own uploads", () => {
  it("reads the workspace's upload from storage, where the outbound rules would refuse localhost", async () => {
    const readUpload = await createStoredUpload();
    const file = await fetchFile(fileUrl, {
      readUpload,
      workspaceId: "ws-1",
      fallbackName: "attachment",
      maxResponseBytes: 1_000,
      timeoutMs: 2_000,
    });
    expect(file).toEqual({
      status: 200,
      contentType: "application/pdf",
      fileName: "quote.pdf",
      bytes: Buffer.from("%PDF-1.4 stored"),
    });
    await expect(readUpload(fileUrl, { workspaceId: "ws-1", maxBytes: 5 })).rejects.toThrow(
      /larger than 5 bytes/,
    );
    await expect(
      readUpload(fileUrl.replace("quote.pdf", "gone.pdf"), { workspaceId: "ws-1", maxBytes: 1_000 }),
    ).rejects.toThrow(/no longer exists/);
  });

  it("leaves other workspaces' files, other hosts and odd paths to the outbound rules", async () => {
    const readUpload = await createStoredUpload();
    const scope = { workspaceId: "ws-2", maxBytes: 1_000 };
    expect(await readUpload(fileUrl, scope)).toBeNull();
    expect(await readUpload(fileUrl.replace(viewerUrl, "https://files.example.com"), scope)).toBeNull();
    expect(
      await readUpload(`${viewerUrl}/api/v1/files/private/ws-1/%2e%2e/x/y/z`, {
        ...scope,
        workspaceId: "ws-1",
      }),
    ).toBeNull();
    const refused = await fetchFile(fileUrl, {
      readUpload,
      workspaceId: "ws-2",
      fallbackName: "attachment",
      maxResponseBytes: 1_000,
      timeoutMs: 2_000,
    }).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(/BLOCKED|refused|not allowed/i);
  });

  it("reads a bucket's object through a signed request", async () => {
    const storage = createS3Storage({
      endpoint: bucket.origin,
      bucket: "uploads",
      accessKey: "access",
      secretKey: "secret",
      region: "us-east-1",
    });
    const readUpload = createUploadReader({ storage, maxBytes: 1_000, viewerUrl });
    const publicKey = "public/ws-1/bot-1/result-1/file-2/voice.webm";
    const file = await readUpload(storage.publicUrl(publicKey)!, { workspaceId: "ws-1", maxBytes: 1_000 });
    expect(file).toMatchObject({ status: 200, fileName: "voice.webm", bytes: Buffer.from("webm bytes") });
    const viaViewer = await readUpload(`${viewerUrl}/api/v1/files/${publicKey}`, {
      workspaceId: "ws-1",
      maxBytes: 1_000,
    });
    expect(viaViewer?.bytes).toEqual(Buffer.from("webm bytes"));
  });
});
