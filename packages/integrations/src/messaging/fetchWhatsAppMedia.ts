import { z } from "zod";
import { integrationsEnv } from "../env";
import {
  type DownloadedMedia,
  downloadPlatformFile,
  getPlatformJson,
  type MediaFailure,
} from "./downloadPlatformFile";
import type { WhatsAppSender } from "./sendWhatsAppMessage";

const mediaUrlSchema = z.looseObject({ url: z.string().url(), mime_type: z.string().optional() });

/**
 * An inbound message's media: `GET {graphApiUrl}/{mediaId}` gives its short-lived URL, which is
 * downloaded with the same bearer token (Meta's media download). At most `maxBytes` are read.
 */
export async function fetchWhatsAppMedia(
  sender: Pick<WhatsAppSender, "systemUserAccessToken">,
  mediaId: string,
  options: { graphApiUrl?: string; maxBytes: number },
): Promise<DownloadedMedia | MediaFailure> {
  const base = (options.graphApiUrl ?? integrationsEnv.WHATSAPP_GRAPH_API_URL).replace(/\/+$/, "");
  const headers = { authorization: `Bearer ${sender.systemUserAccessToken}` };
  const described = await getPlatformJson(`${base}/${encodeURIComponent(mediaId)}`, {
    name: "WhatsApp (media URL)",
    headers,
  });
  if (!described.ok) return described;
  const media = mediaUrlSchema.safeParse(described.body);
  if (!media.success)
    return { ok: false, error: "WhatsApp (media URL) answered without a media URL", isTooLarge: false };
  const downloaded = await downloadPlatformFile(media.data.url, {
    name: "WhatsApp (media download)",
    headers,
    maxBytes: options.maxBytes,
  });
  if (!downloaded.ok) return downloaded;
  // The download's own type may be generic; Meta's description of the media says what it is.
  return { ...downloaded, contentType: media.data.mime_type ?? downloaded.contentType };
}
