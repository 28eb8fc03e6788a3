/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import S3rver from "@20minutes/s3rver";
import type { S3Settings } from "../files/createUploadStorage";

export interface LocalS3Server {
  /** What S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY and S3_REGION would say. */
  settings: S3Settings;
  /** An object as the bucket keeps it (null when absent). */
  readObject(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Every key stored under `prefix`. */
  listKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver's built-in account; requests signed with any other key are refused (InvalidAccessKeyId).
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

/**
 * An S3-compatible server on 127.0.0.1 (s3rver, path-style buckets) with one bucket, its objects in
 * a scratch directory deleted on close. It checks Signature Version 4 on every signed request,
 * headers and pre-signed query strings alike (a PUT whose content type differs from the signed
 * one is refused with 403 SignatureDoesNotMatch), and serves unsigned GETs as a public bucket does.
 */
export async function startLocalS3Server(bucket = "chat-files"): Promise<LocalS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "parley-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      region: "us-east-1",
    },
    readObject: async (key) => {
      const object = await server.store.getObject(bucket, key);
      if (!object) return null;
      return { bytes: await buffer(object.content), contentType: object.metadata["content-type"] ?? "" };
    },
    listKeys: async (prefix) => {
      const listed = await server.store.listObjects(bucket, { prefix, maxKeys: 1000 });
      return listed.objects.map((object) => object.key);
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
