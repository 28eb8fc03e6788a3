import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AwsClient } from "aws4fetch";
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";

export interface PreparedUpload {
  /** Where the client sends the file (PUT, with `headers`). */
  uploadUrl: string;
  headers: Record<string, string>;
  /** `s3`: straight to the bucket (pre-signed); `local`: to the viewer, with the chat credential. */
  target: "s3" | "local";
}

export interface UploadStorage {
  kind: "s3" | "local";
  /** A PUT the client may send for `key`, valid 15 minutes. */
  prepareUpload(input: {
    key: string;
    contentType: string;
    localUploadUrl: string;
    authorization: string;
  }): Promise<PreparedUpload>;
  /** Local storage: writes the body, refusing more than `maxBytes` (returns false, nothing kept). */
  writeLocal(
    key: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    maxBytes: number,
  ): Promise<boolean>;
  /** Stores a file the server itself received (a messaging channel's media), whatever the storage. */
  saveFile(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** A stored file (local) or a short-lived signed GET (S3). */
  readFile(
    key: string,
  ): Promise<{ stream: ReadableStream; contentType: string; size: number } | { redirect: string } | null>;
  /** Public URL of a public object on S3 (local files are served by the viewer). */
  publicUrl(key: string): string | null;
  /** Deletes every file whose key starts with `folder/` (a deleted workspace's); resolves how many. */
  deleteFolder(folder: string): Promise<number>;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  publicUrl?: string;
}

const SIGNED_URL_SECONDS = 900;
/** Keys per ListObjectsV2 page and per DeleteObjects request (S3's maximum for both). */
const BATCH_KEYS = 1000;

const xmlParser = new XMLParser({ isArray: (name) => name === "Contents" || name === "Error" });
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** A folder name as the key prefix it stands for: no empty, `.` or `..` segment. */
function folderPrefix(folder: string): string {
  const segments = folder.split("/").filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment === "." || segment === ".."))
    throw new Error(`invalid upload folder "${folder}"`);
  return `${segments.join("/")}/`;
}

export function createS3Storage(settings: S3Settings): UploadStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKey,
    secretAccessKey: settings.secretKey,
    region: settings.region,
    service: "s3",
  });
  const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");
  const objectUrl = (key: string) =>
    `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}/${encodeKey(key)}`;
  const presign = async (key: string, method: string, headers: Record<string, string> = {}) => {
    const signed = await client.sign(`${objectUrl(key)}?X-Amz-Expires=${SIGNED_URL_SECONDS}`, {
      method,
      headers,
      aws: { signQuery: true, allHeaders: true },
    });
    return signed.url;
  };
  return {
    kind: "s3",
    prepareUpload: async ({ key, contentType }) => ({
      uploadUrl: await presign(key, "PUT", { "content-type": contentType }),
      headers: { "content-type": contentType },
      target: "s3",
    }),
    writeLocal: async () => false,
    saveFile: async (key, bytes, contentType) => {
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        headers: { "content-type": contentType },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The storage bucket answered ${response.status} to the upload`);
    },
    readFile: async (key) => ({ redirect: await presign(key, "GET") }),
    // ListObjectsV2 by prefix, then DeleteObjects (Content-MD5, as S3 requires) per page of 1,000 keys.
    deleteFolder: async (folder) => {
      const prefix = folderPrefix(folder);
      const bucketUrl = `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}`;
      let deleted = 0;
      const requested = new Set<string>();
      for (;;) {
        const query = new URLSearchParams({ "list-type": "2", prefix, "max-keys": String(BATCH_KEYS) });
        const listed = await client.fetch(`${bucketUrl}?${query}`);
        const listing = await listed.text();
        if (!listed.ok) throw new Error(`The storage bucket answered ${listed.status} to a listing`);
        const result = xmlParser.parse(listing).ListBucketResult ?? {};
        const keys: string[] = (result.Contents ?? []).map((entry: { Key: unknown }) => String(entry.Key));
        if (keys.length === 0) return deleted;
        // A bucket that lists again what it said it deleted would keep this loop going: stop instead.
        if (keys.every((key) => requested.has(key)))
          throw new Error(`The storage bucket still lists ${keys.length} deleted files under ${prefix}`);
        for (const key of keys) requested.add(key);
        const body = `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys
          .map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`)
          .join("")}</Delete>`;
        const response = await client.fetch(`${bucketUrl}?delete`, {
          method: "POST",
          headers: {
            "content-type": "application/xml",
            "content-md5": createHash("md5").update(body).digest("base64"),
          },
          body,
        });
        const answer = await response.text();
        const errors = response.ok ? (xmlParser.parse(answer).DeleteResult?.Error ?? []) : [];
        if (!response.ok || errors.length > 0) {
          throw new Error(`The storage bucket refused to delete ${errors.length || keys.length} files`);
        }
        deleted += keys.length;
      }
    },
    publicUrl: (key) =>
      settings.publicUrl ? `${settings.publicUrl.replace(/\/$/, "")}/${encodeKey(key)}` : objectUrl(key),
  };
}

/** What `.meta.json` holds beside a stored file; a file whose metadata does not read is missing. */
const fileMetaSchema = z.object({ contentType: z.string() });

/** Files on local disk under `directory` (DATA_DIR/uploads), each with a `.meta.json` beside it. */
export function createLocalStorage(directory: string): UploadStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(directory, ...key.split("/"));
    if (!file.startsWith(path.resolve(directory) + path.sep))
      throw new Error("key outside the upload directory");
    return file;
  };
  const storage: UploadStorage = {
    kind: "local",
    prepareUpload: async ({ contentType, localUploadUrl, authorization }) => ({
      uploadUrl: localUploadUrl,
      headers: { "content-type": contentType, authorization },
      target: "local",
    }),
    writeLocal: async (key, body, contentType, maxBytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      let total = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          callback(total > maxBytes ? new Error("FILE_TOO_LARGE") : null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(body as never), limit, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        if (error instanceof Error && error.message === "FILE_TOO_LARGE") return false;
        throw error;
      }
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType, size: total }));
      await rename(partial, file);
      return true;
    },
    saveFile: async (key, bytes, contentType) => {
      const body = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
      await storage.writeLocal(key, body, contentType, Number.POSITIVE_INFINITY);
    },
    readFile: async (key) => {
      const file = fileOf(key);
      const meta = await readFile(`${file}.meta.json`, "utf8").catch(() => null);
      const info = await stat(file).catch(() => null);
      if (!meta || !info?.isFile()) return null;
      const stored = fileMetaSchema.safeParse(JSON.parse(meta));
      if (!stored.success) return null;
      const { contentType } = stored.data;
      return {
        stream: Readable.toWeb(createReadStream(file)) as ReadableStream,
        contentType,
        size: info.size,
      };
    },
    publicUrl: () => null,
    deleteFolder: async (folder) => {
      const directoryOfFolder = fileOf(folderPrefix(folder).slice(0, -1));
      const entries = await readdir(directoryOfFolder, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json")).length;
      await rm(directoryOfFolder, { recursive: true, force: true });
      return files;
    },
  };
  return storage;
}

export interface UploadSettings {
  storage: UploadStorage;
  maxBytes: number;
  /** Base of the URLs the viewer serves files and local uploads at. */
  viewerUrl: string;
}
