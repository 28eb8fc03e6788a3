const TYPE_FAMILIES: Record<string, readonly string[]> = {
  image: ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "heic", "heif", "avif", "tif", "tiff", "ico"],
  video: ["mp4", "mov", "webm", "avi", "mkv", "m4v", "mpeg", "mpg", "ogv", "3gp"],
  audio: ["mp3", "wav", "ogg", "oga", "m4a", "aac", "flac", "weba", "opus", "amr"],
  text: ["txt", "csv", "html", "htm", "md", "css", "ics", "xml"],
};

const SUBTYPE_EXTENSIONS: Record<string, readonly string[]> = {
  jpeg: ["jpg", "jpeg"],
  "svg+xml": ["svg"],
  plain: ["txt"],
  "vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  msword: ["doc"],
  "vnd.ms-excel": ["xls"],
  "vnd.ms-powerpoint": ["ppt"],
  quicktime: ["mov"],
  mpeg: ["mp3", "mpeg", "mpg"],
};

/** The lower-cased extension of a URL's path ("" when none). */
export const getUrlExtension = (url: string): string => {
  try {
    const name = new URL(url).pathname.split("/").pop() ?? "";
    const dot = name.lastIndexOf(".");
    return dot > 0 ? decodeURIComponent(name.slice(dot + 1)).toLowerCase() : "";
  } catch {
    return "";
  }
};

/** Whether a file URL's extension matches one of the allowed types (".pdf", "pdf", "image/*", "application/pdf"). */
export const isAllowedFileUrl = (url: string, allowedTypes: readonly string[]): boolean => {
  const extension = getUrlExtension(url);
  if (!extension) return false;
  return allowedTypes.some((type) => matchesType(extension, type.trim().toLowerCase()));
};

const matchesType = (extension: string, type: string): boolean => {
  if (!type) return false;
  if (!type.includes("/")) return type.replace(/^\./, "") === extension;
  const [family = "", subtype = ""] = type.split("/");
  if (subtype === "*") return TYPE_FAMILIES[family]?.includes(extension) ?? false;
  return (SUBTYPE_EXTENSIONS[subtype] ?? [subtype]).includes(extension);
};
