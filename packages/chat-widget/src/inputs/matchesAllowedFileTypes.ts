/**
 * Whether a file is one of the allowed types: extensions (`.pdf`, `pdf`), MIME types
 * (`application/pdf`) or MIME families (`image/*`). An empty list allows everything.
 */
export function matchesAllowedFileTypes(file: { name: string; type: string }, types: readonly string[]) {
  const allowed = types.map((type) => type.trim().toLowerCase()).filter(Boolean);
  if (allowed.length === 0) return true;
  const name = file.name.toLowerCase();
  const mime = file.type.toLowerCase();
  return allowed.some((type) => {
    if (type.endsWith("/*")) return mime.startsWith(type.slice(0, -1));
    if (type.includes("/")) return mime === type;
    const extension = type.startsWith(".") ? type : `.${type}`;
    return name.endsWith(extension);
  });
}

/** The `accept` attribute of the file field for the allowed types. */
export function toAcceptAttribute(types: readonly string[] | undefined) {
  const accept = (types ?? [])
    .map((type) => type.trim())
    .filter(Boolean)
    .map((type) => (type.includes("/") || type.startsWith(".") ? type : `.${type}`));
  return accept.length > 0 ? accept.join(",") : undefined;
}

/** "2.5 MB" style size for messages. */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}
