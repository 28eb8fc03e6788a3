import { integrationsEnv } from "../env";

/** A Cloud API message body without its envelope (`messaging_product`, `to`). */
export type WhatsAppOutboundMessage =
  | { type: "text"; text: { body: string; preview_url?: boolean } }
  | { type: "image"; image: { link: string; caption?: string } }
  | { type: "video"; video: { link: string; caption?: string } }
  | { type: "audio"; audio: { link: string } }
  | { type: "document"; document: { link: string; caption?: string } }
  | { type: "interactive"; interactive: WhatsAppInteractive };

export type WhatsAppInteractive =
  | {
      type: "button";
      body: { text: string };
      action: { buttons: { type: "reply"; reply: { id: string; title: string } }[] };
    }
  | {
      type: "list";
      body: { text: string };
      action: { button: string; sections: { rows: { id: string; title: string; description?: string }[] }[] };
    };

export interface WhatsAppSender {
  systemUserAccessToken: string;
  phoneNumberId: string;
}

/** `isRetryable`: the platform may take the same call later (unreachable, 429, 5xx); a 4xx refusal would stay one. */
export type SendResult = { ok: true } | { ok: false; error: string; isRetryable: boolean };

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

const SEND_TIMEOUT_MS = 10_000;

/**
 * One Cloud API call `POST {graphApiUrl}/{phoneNumberId}/messages`. The Graph API URL is the
 * operator's (WHATSAPP_GRAPH_API_URL), so it is fetched directly rather than through safeFetch.
 */
export async function sendWhatsAppMessage(
  sender: WhatsAppSender,
  to: string,
  message: WhatsAppOutboundMessage,
  options: { graphApiUrl?: string } = {},
): Promise<SendResult> {
  const base = (options.graphApiUrl ?? integrationsEnv.WHATSAPP_GRAPH_API_URL).replace(/\/+$/, "");
  const url = `${base}/${encodeURIComponent(sender.phoneNumberId)}/messages`;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sender.systemUserAccessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to, ...message }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "error",
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    const detail = (await response.text()).slice(0, 500);
    return {
      ok: false,
      error: `WhatsApp answered ${response.status}: ${detail}`,
      isRetryable: isRetryableStatus(response.status),
    };
  } catch (error) {
    return {
      ok: false,
      error: `WhatsApp could not be reached: ${(error as Error).message}`,
      isRetryable: true,
    };
  }
}
