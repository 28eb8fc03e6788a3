import { createHash } from "node:crypto";
import type { CredentialsData } from "@parley/schemas/credentials";
import { z } from "zod";
import { fetchGoogleJson } from "../../google-sheets/fetchGoogleJson";

export type GmailAccount = CredentialsData<"gmail">;
export type GmailTokenResult = { ok: true; accessToken: string } | { ok: false; error: string };

/** A cached token is renewed this long before Google says it expires. */
const RENEW_MARGIN_MS = 60_000;
const MAX_CACHED_TOKENS = 500;
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

const tokenReplySchema = z.object({
  access_token: z.string().optional().catch(undefined),
  expires_in: z.number().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

/**
 * An access token for the account, by the OAuth 2.0 refresh token grant (RFC 6749 §6) at Google's token
 * endpoint; kept until shortly before it expires, per account, at most MAX_CACHED_TOKENS.
 */
export async function getGmailAccessToken(
  account: GmailAccount,
  call: { tokenUrl: string; now?: () => number; signal?: AbortSignal },
): Promise<GmailTokenResult> {
  const now = call.now?.() ?? Date.now();
  const cacheKey = createHash("sha256")
    .update(`${call.tokenUrl}\n${account.clientId}\n${account.clientSecret}\n${account.refreshToken}`)
    .digest("hex");
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - RENEW_MARGIN_MS > now)
    return { ok: true, accessToken: cached.accessToken };
  tokens.delete(cacheKey);
  const response = await fetchGoogleJson(
    call.tokenUrl,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: account.clientId,
        client_secret: account.clientSecret,
        refresh_token: account.refreshToken,
      }).toString(),
      signal: call.signal,
    },
    "Google's token endpoint",
  );
  if (!response.ok) return response;
  const body = tokenReplySchema.safeParse(response.body).data ?? {};
  if (response.status !== 200 || body.access_token === undefined) {
    const reason = [body.error, body.error_description].filter((part) => part !== undefined).join(": ");
    return {
      ok: false,
      error: `Google refused the refresh token (${reason || `status ${response.status}`})`,
    };
  }
  if (tokens.size >= MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value!);
  tokens.set(cacheKey, { accessToken: body.access_token, expiresAt: now + (body.expires_in ?? 3600) * 1000 });
  return { ok: true, accessToken: body.access_token };
}

/** Forgets a token Gmail no longer accepts (an answer 401), so the next send asks for a new one. */
export function forgetGmailAccessToken(accessToken: string): void {
  for (const [cacheKey, cached] of tokens) if (cached.accessToken === accessToken) tokens.delete(cacheKey);
}
