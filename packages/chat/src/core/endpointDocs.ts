// Texts of the OpenAPI operations shared by the endpoints of several features.

import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

export const idempotencyHeaders = z.object({
  "idempotency-key": textSchema.max(255).optional().meta({
    description:
      "A retried request with the same key (1-255 visible ASCII characters, e.g. a UUID) gets the first response instead of running again (kept 24 hours). A key reused with another body: IDEMPOTENCY_KEY_REUSED.",
  }),
});

export const authText =
  "Authorization: the bot's chat key (`ck_…`; with `settings.security.allowedOrigins` the Origin must be listed: ORIGIN_NOT_ALLOWED) or an API token of a member of its workspace.";

export const sessionParam = { sessionId: "From the startChat response" };

/** Authorization of Typebot's paths (docs/typebot-compat.md). */
export const typebotAuthText =
  "Typebot's chat API, served beside ours for Typebot's web client (docs/typebot-compat.md). Authorization: none for a session started keyless on `/typebots/{publicId}/startChat` (its id is the credential, `allowedOrigins` applies); otherwise as our endpoints.";
