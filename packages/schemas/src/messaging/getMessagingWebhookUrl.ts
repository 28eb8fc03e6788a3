/** The channels a bot can answer on, by the type of their credentials. */
export type MessagingChannel = "whatsApp" | "telegram";

const pathSegments: Record<MessagingChannel, string> = { whatsApp: "whatsapp", telegram: "telegram" };

/** Where the platform delivers messages for these credentials: the viewer's webhook path ({chat_url}). */
export const getMessagingWebhookUrl = (
  viewerUrl: string,
  credentials: { workspaceId: string; channel: MessagingChannel; credentialsId: string },
) =>
  `${viewerUrl.replace(/\/+$/, "")}/api/v1/workspaces/${credentials.workspaceId}/${pathSegments[credentials.channel]}/${credentials.credentialsId}/webhook`;
