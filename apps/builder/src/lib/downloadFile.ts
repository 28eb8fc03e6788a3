/** Saves `content` as a file through the browser's download. */
export function downloadFile(fileName: string, content: string, type: string) {
  downloadBlob(fileName, new Blob([content], { type }));
}

/** Saves a blob as a file through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: Chromium starts the download synchronously from the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name made of the letters and digits of `name` (`My bot!` -> `my-bot`). */
export function toFileName(name: string, fallback = "bot"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  return slug || fallback;
}
