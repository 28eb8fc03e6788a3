import type { VideoSource } from "@parley/schemas";

export interface ParsedVideoUrl {
  type: VideoSource;
  url: string;
  id?: string;
  /** Query string the embed player needs (e.g. `start=42`). */
  queryParamsStr?: string;
  /** Vertical formats (shorts, TikTok). */
  suggestedAspectRatio?: string;
}

const VERTICAL = "9/16";

/**
 * Recognises YouTube (watch, youtu.be, shorts, embed; `t` becomes `start`), Vimeo, TikTok and Gumlet
 * links as embeddable videos; turns OneDrive embed links into direct downloads; anything else stays
 * a plain video URL.
 */
export const parseVideoUrl = (rawUrl: string): ParsedVideoUrl => {
  const url = rawUrl.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { type: "url", url };
  }
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  const segments = parsed.pathname.split("/").filter(Boolean);
  return (
    parseYoutube(url, parsed, host, segments) ??
    parseVimeo(url, host, segments) ??
    parseTiktok(url, host, segments) ??
    parseGumlet(url, host, segments) ??
    parseOneDrive(parsed, host) ?? { type: "url", url }
  );
};

const parseYoutube = (
  url: string,
  parsed: URL,
  host: string,
  segments: string[],
): ParsedVideoUrl | undefined => {
  let id: string | undefined;
  let isShort = false;
  if (host === "youtu.be") id = segments[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") id = parsed.searchParams.get("v") ?? undefined;
    else if (segments[0] === "shorts") {
      id = segments[1];
      isShort = true;
    } else if (segments[0] === "embed" || segments[0] === "live") id = segments[1];
  }
  if (!id) return undefined;
  const start = parseStartSeconds(parsed.searchParams.get("t") ?? parsed.searchParams.get("start"));
  return {
    type: "youtube",
    url,
    id,
    ...(start !== undefined ? { queryParamsStr: `start=${start}` } : {}),
    ...(isShort ? { suggestedAspectRatio: VERTICAL } : {}),
  };
};

/** "90", "90s", "1m30s", "1h2m3s" → seconds. */
const parseStartSeconds = (value: string | null): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const match = value.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/);
  if (!match?.[0]) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
};

const parseVimeo = (url: string, host: string, segments: string[]): ParsedVideoUrl | undefined => {
  if (host === "vimeo.com") {
    const id = segments.find((segment) => /^\d+$/.test(segment));
    return id ? { type: "vimeo", url, id } : undefined;
  }
  if (host === "player.vimeo.com" && segments[0] === "video" && segments[1]) {
    return { type: "vimeo", url, id: segments[1] };
  }
  return undefined;
};

const parseTiktok = (url: string, host: string, segments: string[]): ParsedVideoUrl | undefined => {
  if (host !== "tiktok.com") return undefined;
  const videoIndex = segments.indexOf("video");
  const id = videoIndex >= 0 ? segments[videoIndex + 1] : undefined;
  return id ? { type: "tiktok", url, id, suggestedAspectRatio: VERTICAL } : undefined;
};

const parseGumlet = (url: string, host: string, segments: string[]): ParsedVideoUrl | undefined => {
  if (host === "play.gumlet.io" && segments[0] === "embed" && segments[1]) {
    return { type: "gumlet", url, id: segments[1] };
  }
  if (host === "gumlet.tv" && segments[0] === "watch" && segments[1])
    return { type: "gumlet", url, id: segments[1] };
  return undefined;
};

const parseOneDrive = (parsed: URL, host: string): ParsedVideoUrl | undefined => {
  if (host !== "onedrive.live.com" || !parsed.pathname.startsWith("/embed")) return undefined;
  const download = new URL(parsed.toString());
  download.pathname = download.pathname.replace(/^\/embed/, "/download");
  return { type: "url", url: download.toString() };
};
