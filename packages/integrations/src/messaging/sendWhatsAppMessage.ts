import { integrationsEnv } from "../env";
import { postPlatformCall, type SendResult } from "./postPlatformCall";

/** A Cloud API message body without its envelope (`messaging_product`, `to`). */
export type WhatsAppOutboundMessage =
  | { type: "text"; text: { body: string; preview_url?: boolean } }
  | { type: "image"; image: { link: string; caption?: string } }
  | { type: "video"; video: { link: string; caption?: string } }
  | { type: "audio"; audio: { link: string } }
  | { type: "document"; document: { link: string; caption?: string; filename?: string } }
  | { type: "interactive"; interactive: WhatsAppInteractive };

export type WhatsAppInteractive =
  | {
      type: "button";
      /** An image, video or document above the buttons. */
      header?:
        | { type: "image"; image: { link: string } }
        | { type: "video"; video: { link: string } }
        | { type: "document"; document: { link: string } };
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

/**
 * One Cloud API call `POST {graphApiUrl}/{phoneNumberId}/messages`.
 */
export function sendWhatsAppMessage(
  sender: WhatsAppSender,
  to: string,
  message: WhatsAppOutboundMessage,
  options: { graphApiUrl?: string } = {},
): Promise<SendResult> {
  const base = (options.graphApiUrl ?? integrationsEnv.WHATSAPP_GRAPH_API_URL).replace(/\/+$/, "");
  const url = `${base}/${encodeURIComponent(sender.phoneNumberId)}/messages`;
  return postPlatformCall(
    url,
    { messaging_product: "whatsapp", recipient_type: "individual", to, ...message },
    {
      name: "WhatsApp",
      headers: { authorization: `Bearer ${sender.systemUserAccessToken}` },
      platform: "whatsapp",
    },
  );
}
