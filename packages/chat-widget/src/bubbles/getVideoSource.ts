import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";

export interface VideoContentLike {
  url?: string;
  id?: string;
  type?: string;
  queryParamsStr?: string;
  areControlsDisplayed?: boolean;
  isAutoplayEnabled?: boolean;
}

export type VideoSourceView =
  | { kind: "iframe"; src: string; isPortrait: boolean }
  | { kind: "file"; src: string }
  | { kind: "none" };

const idPattern = /^[\w-]{1,64}$/;

/** How a video bubble is played: an embed of a known host, a plain file, or nothing when unsafe. */
export function getVideoSource(content: VideoContentLike): VideoSourceView {
  const id = content.id && idPattern.test(content.id) ? content.id : undefined;
  const params = new URLSearchParams(content.queryParamsStr?.replace(/^\?/, "") ?? "");
  if (content.isAutoplayEnabled) params.set("autoplay", "1");
  if (content.areControlsDisplayed === false) params.set("controls", "0");
  const query = params.toString() ? `?${params.toString()}` : "";
  switch (content.type) {
    case "youtube":
      if (id)
        return { kind: "iframe", src: `https://www.youtube.com/embed/${id}${query}`, isPortrait: false };
      break;
    case "vimeo":
      if (id)
        return { kind: "iframe", src: `https://player.vimeo.com/video/${id}${query}`, isPortrait: false };
      break;
    case "tiktok":
      if (id)
        return { kind: "iframe", src: `https://www.tiktok.com/embed/v2/${id}${query}`, isPortrait: true };
      break;
    case "gumlet":
      if (id) return { kind: "iframe", src: `https://play.gumlet.io/embed/${id}${query}`, isPortrait: false };
      break;
  }
  const src = sanitizeMediaUrl(content.url);
  if (!src) return { kind: "none" };
  const hosted = parseVideoHostUrl(src);
  if (hosted) return getVideoSource({ ...content, ...hosted });
  return { kind: "file", src };
}

/** Recognises host URLs the server left as plain URLs (e.g. a variable that held a YouTube link). */
function parseVideoHostUrl(url: string): { type: string; id: string } | undefined {
  const youtube = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|shorts\/|embed\/)|youtu\.be\/)([\w-]{6,20})/.exec(
    url,
  );
  if (youtube) return { type: "youtube", id: youtube[1] };
  const vimeo = /vimeo\.com\/(?:video\/)?(\d+)/.exec(url);
  if (vimeo) return { type: "vimeo", id: vimeo[1] };
  const tiktok = /tiktok\.com\/.*\/video\/(\d+)/.exec(url);
  if (tiktok) return { type: "tiktok", id: tiktok[1] };
  const gumlet = /gumlet\.(?:tv|io)\/(?:watch|embed)\/([\w-]+)/.exec(url);
  if (gumlet) return { type: "gumlet", id: gumlet[1] };
  return undefined;
}
