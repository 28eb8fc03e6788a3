import { timingSafeEqual } from "node:crypto";
import { forbidden } from "@parley/platform/errors";
import type { ChatRequestContext } from "../../core/chatEndpoint";
import { readWhatsAppCredentials } from "./readWhatsAppCredentials";

const isSameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET …/whatsapp/{credentialsId}/webhook: Meta's subscription check. The challenge comes back as
 * plain text when `hub.verify_token` is the credentials' verify token; anything else is FORBIDDEN.
 */
export async function verifyWhatsAppWebhook({
  request,
  scope,
  params,
}: ChatRequestContext<{ workspaceId: string; credentialsId: string }>): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const verifyToken = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge") ?? "";
  const credentials = await readWhatsAppCredentials(params);
  if (!credentials.ok) {
    scope.logger.info(
      { credentialsId: params.credentialsId, reason: credentials.error },
      "whatsapp: verification refused",
    );
    throw forbidden();
  }
  if (query.get("hub.mode") !== "subscribe" || !isSameSecret(verifyToken, credentials.data.verifyToken)) {
    throw forbidden();
  }
  return new Response(challenge, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
}
