import { createHash, createSign } from "node:crypto";
import type { CredentialsData } from "@parley/schemas/credentials";
import { z } from "zod";
import { fetchGoogleJson } from "./fetchGoogleJson";

export const sheetsScope = "https://www.googleapis.com/auth/spreadsheets";
const jwtBearerGrant = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const ASSERTION_LIFETIME_S = 3600;
/** A cached token is renewed this long before Google says it expires. */
const RENEW_MARGIN_MS = 60_000;
const MAX_CACHED_TOKENS = 500;

export type ServiceAccountKey = CredentialsData<"googleSheets">;
export type AccessTokenResult = { ok: true; accessToken: string } | { ok: false; error: string };

const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

/**
 * An access token for the service account, by the OAuth 2.0 JWT bearer grant (RFC 7523): an assertion
 * signed RS256 with the account's key (node:crypto, no dependency needed for one signature). Tokens are
 * kept until shortly before they expire, per key, at most MAX_CACHED_TOKENS (oldest dropped first).
 */
export async function getGoogleAccessToken(
  key: ServiceAccountKey,
  call: { tokenUrl: string; now?: () => number; signal?: AbortSignal },
): Promise<AccessTokenResult> {
  const now = call.now?.() ?? Date.now();
  const cacheKey = createHash("sha256")
    .update(`${call.tokenUrl}\n${key.client_email}\n${key.private_key}`)
    .digest("hex");
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - RENEW_MARGIN_MS > now)
    return { ok: true, accessToken: cached.accessToken };
  tokens.delete(cacheKey);
  const assertion = signAssertion(key, call.tokenUrl, Math.floor(now / 1000));
  if (!assertion)
    return {
      ok: false,
      error: "The service account's private key cannot be read; enter the credentials again",
    };
  const response = await fetchGoogleJson(
    call.tokenUrl,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: jwtBearerGrant, assertion }).toString(),
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
      error: `Google refused the service account ${key.client_email} (${reason || `status ${response.status}`})`,
    };
  }
  const lifetimeS = body.expires_in ?? ASSERTION_LIFETIME_S;
  if (tokens.size >= MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value!);
  tokens.set(cacheKey, { accessToken: body.access_token, expiresAt: now + lifetimeS * 1000 });
  return { ok: true, accessToken: body.access_token };
}

/** Google's token answer; a field of another type reads as absent. */
const tokenReplySchema = z.object({
  access_token: z.string().optional().catch(undefined),
  expires_in: z.number().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

/** Forgets a token Google no longer accepts (an answer 401), so the next call asks for a new one. */
export function forgetGoogleAccessToken(accessToken: string): void {
  for (const [cacheKey, cached] of tokens) if (cached.accessToken === accessToken) tokens.delete(cacheKey);
}

function signAssertion(key: ServiceAccountKey, audience: string, issuedAt: number): string | null {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "RS256", typ: "JWT" })}.${encode({
    iss: key.client_email,
    scope: sheetsScope,
    aud: audience,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_S,
  })}`;
  try {
    // Keys copied from an environment variable often carry `\n` as two characters.
    const pem = key.private_key.replaceAll("\\n", "\n");
    const signature = createSign("RSA-SHA256").update(unsigned).sign(pem, "base64url");
    return `${unsigned}.${signature}`;
  } catch {
    return null;
  }
}
