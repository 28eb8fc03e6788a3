import { createId } from "@parley/db";
import type { SaveGeneratedFile } from "../ai/aiBlockContext";
import type { UploadSettings } from "./createUploadStorage";

/**
 * Files the server makes (Create speech audio) go where uploads go: the local data directory
 * (served by the viewer's /api/v1/files) or the S3 bucket, under a public key of the result.
 */
export function createGeneratedFileSaver(uploads: UploadSettings): SaveGeneratedFile {
  return async (file) => {
    const key = [
      "public",
      file.workspaceId,
      file.botId,
      file.isPreview ? "preview" : file.resultId,
      createId(),
      file.fileName.replace(/[^\w.-]+/g, "_"),
    ].join("/");
    const { storage } = uploads;
    if (storage.kind === "local") {
      const isWritten = await storage.writeLocal(
        key,
        new Blob([new Uint8Array(file.bytes)]).stream(),
        file.contentType,
        uploads.maxBytes,
      );
      if (!isWritten) throw new Error(`The generated file is larger than ${uploads.maxBytes} bytes`);
    } else {
      const prepared = await storage.prepareUpload({
        key,
        contentType: file.contentType,
        localUploadUrl: "",
        authorization: "",
      });
      // The bucket is the operator's own configuration, not an author's URL: a plain request.
      const response = await fetch(prepared.uploadUrl, {
        method: "PUT",
        headers: prepared.headers,
        body: new Uint8Array(file.bytes),
      });
      if (!response.ok) throw new Error(`The file store answered ${response.status}`);
    }
    return (
      storage.publicUrl(key) ??
      `${uploads.viewerUrl}/api/v1/files/${key.split("/").map(encodeURIComponent).join("/")}`
    );
  };
}
