import { parseJsonValue, readLimitedBody } from "@parley/platform/http/readJsonBody";

/** Roles of the bot's workspace that may call its Webhook blocks (GUEST only reads). */
export const webhookCallerRoles = ["ADMIN", "MEMBER"] as const;

/** The body of a webhook call: any JSON up to 1 MiB (an empty body is null), else BAD_REQUEST. */
export async function readWebhookBody(request: Request): Promise<unknown> {
  return parseJsonValue((await readLimitedBody(request)).toString("utf8"), request.headers) ?? null;
}
