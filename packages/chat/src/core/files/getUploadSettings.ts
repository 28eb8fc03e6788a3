import path from "node:path";
import {
  createLocalStorage,
  createS3Storage,
  type UploadSettings,
} from "@parley/integrations/files/createUploadStorage";
import { chatEnv } from "../env";

/** S3-compatible storage when S3_ENDPOINT, S3_BUCKET and both keys are set; else DATA_DIR/uploads. */
export function getUploadSettings(): UploadSettings {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY } = chatEnv;
  const storage =
    S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY && S3_SECRET_KEY
      ? createS3Storage({
          endpoint: S3_ENDPOINT,
          bucket: S3_BUCKET,
          accessKey: S3_ACCESS_KEY,
          secretKey: S3_SECRET_KEY,
          region: chatEnv.S3_REGION,
          publicUrl: chatEnv.S3_PUBLIC_URL,
        })
      : createLocalStorage(path.resolve(chatEnv.DATA_DIR, "uploads"));
  return {
    storage,
    maxBytes: Math.round(chatEnv.CHAT_UPLOAD_MAX_MB * 1024 * 1024),
    viewerUrl: chatEnv.VIEWER_URL.replace(/\/$/, ""),
  };
}
