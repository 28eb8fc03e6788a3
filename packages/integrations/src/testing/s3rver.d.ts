// The part of @20minutes/s3rver (a fork of s3rver, which ships no types) the tests use.
declare module "@20minutes/s3rver" {
  import type { Readable } from "node:stream";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  interface S3rverObject {
    key: string;
    content: Readable;
    metadata: Record<string, string>;
    size: number;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    store: {
      getObject(bucket: string, key: string): Promise<S3rverObject | null>;
      listObjects(
        bucket: string,
        options: { prefix?: string; maxKeys?: number },
      ): Promise<{
        objects: { key: string }[];
      }>;
    };
  }
}
