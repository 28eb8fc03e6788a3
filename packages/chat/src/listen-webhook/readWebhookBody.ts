import { parseJsonValue, readLimitedBody } from "@parley/platform/http/readJsonBody";
import type { RoleAction } from "@parley/schemas/management/access";

/** What a member of the bot's workspace must be allowed to do to call its Webhook blocks (GUEST only reads). */
export const webhookCallerAction = "write" satisfies RoleAction;

/** The body of a webhook call: any JSON up to 1 MiB (an empty body is null), else BAD_REQUEST. */
export async function readWebhookBody(request: Request): Promise<unknown> {
  return parseJsonValue((await readLimitedBody(request)).toString("utf8"), request.headers) ?? null;
}
