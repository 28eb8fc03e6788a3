import type { UploadSettings } from "@parley/integrations/files/createUploadStorage";

/** Where a stored file is read: the bucket's public URL for a public file on S3, else the files endpoint at `baseUrl`. */
export function getStoredFileUrl(
  uploads: UploadSettings,
  target: { key: string; isPrivate: boolean },
  baseUrl: string,
): string {
  const publicUrl = target.isPrivate ? null : uploads.storage.publicUrl(target.key);
  return publicUrl ?? `${baseUrl}/api/v1/files/${target.key.split("/").map(encodeURIComponent).join("/")}`;
}
