import { getPrisma } from "@parley/db";
import {
  finishSsoSignIn,
  type SsoChecks,
  SsoError,
  startSsoSignIn,
} from "@parley/integrations/sso/ssoClient";
import { listInstanceSsoProviders, type SsoProvider } from "@parley/integrations/sso/ssoProviders";
import { signInWithIdentity } from "@parley/platform/accounts/signInWithIdentity";
import { readAuditClient } from "@parley/platform/audit/appendAuditEntry";
import { createCookieJar } from "@parley/platform/auth/cookies";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { platformEnv } from "@parley/platform/env";
import { AppError } from "@parley/platform/errors";
import { handleWebRequest } from "@parley/platform/http/handleWebRequest";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { apiEnv } from "../env";

/** `/api/auth/sso/<provider>` leaves for the provider; `/api/auth/sso/<provider>/callback` comes back. */
export const SSO_PATH = /^\/api\/auth\/sso\/([a-z0-9-]{1,64})(\/callback)?$/;

/** The checks of a sign-in under way, in the browser that started it (10 minutes). */
const SSO_COOKIE = "parley_sso";
const SSO_COOKIE_TTL_MS = 10 * 60 * 1000;

const pendingSchema = z.object({
  provider: textSchema.max(64),
  state: textSchema.max(200),
  nonce: textSchema.max(200),
  codeVerifier: textSchema.max(200),
});

export interface SsoServices {
  getDatabase?: typeof getPrisma;
  listProviders?: () => SsoProvider[];
  builderUrl?: string;
  allowSignUp?: () => boolean;
}

function redirect(location: string, headers: Headers) {
  headers.set("location", location);
  headers.set("cache-control", "no-store");
  return new Response(null, { status: 302, headers });
}

function readPending(value: string | undefined): (SsoChecks & { provider: string }) | null {
  if (!value) return null;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Single sign-on through the install's providers: the authorization code flow with PKCE, a state and a nonce
 * kept in a cookie of the browser that started it (HttpOnly, SameSite=Lax: the provider's redirect back is a
 * top-level navigation). The callback's outcome is a redirect: to the dashboard, signed in, or to the sign-in page
 * with `?error=<code>` (SSO_FAILED when the provider's answer is refused: a wrong state, nonce or PKCE verifier,
 * a tampered ID token…).
 */
export function createSsoHandler(services: SsoServices = {}) {
  const getDatabase = services.getDatabase ?? getPrisma;
  const listProviders = services.listProviders ?? (() => listInstanceSsoProviders());
  const allowSignUp = services.allowSignUp ?? (() => apiEnv.ALLOW_SIGNUP);
  return (request: Request): Promise<Response> =>
    handleWebRequest(request, async ({ logger }) => {
      const builderUrl = (services.builderUrl ?? platformEnv.BUILDER_URL).replace(/\/$/, "");
      const url = new URL(request.url);
      const match = SSO_PATH.exec(url.pathname);
      if (request.method !== "GET" || !match) throw new AppError("NOT_FOUND");
      const headers = new Headers();
      const cookies = createCookieJar(request, headers);
      const failed = (code: string) => {
        cookies.delete(SSO_COOKIE);
        return redirect(`${builderUrl}/sign-in?error=${code}`, headers);
      };
      const provider = listProviders().find((candidate) => candidate.id === match[1]);
      if (!provider) return failed("SSO_PROVIDER_UNKNOWN");
      const redirectUri = `${builderUrl}/api/auth/sso/${provider.id}/callback`;

      if (!match[2]) {
        const { url: authorizationUrl, checks } = await startSsoSignIn(provider, redirectUri);
        const pending = Buffer.from(JSON.stringify({ provider: provider.id, ...checks })).toString(
          "base64url",
        );
        cookies.set(SSO_COOKIE, pending, { expires: new Date(Date.now() + SSO_COOKIE_TTL_MS) });
        return redirect(authorizationUrl.href, headers);
      }

      const pending = readPending(cookies.get(SSO_COOKIE));
      if (!pending || pending.provider !== provider.id) return failed("SSO_FAILED");
      // The provider came back to the public callback URL; the code is exchanged for it.
      const callbackUrl = new URL(`${redirectUri}${url.search}`);
      let identity: Awaited<ReturnType<typeof finishSsoSignIn>>;
      try {
        identity = await finishSsoSignIn(provider, callbackUrl, pending);
      } catch (error) {
        if (!(error instanceof SsoError)) throw error;
        logger.warn({ provider: provider.id, reason: error.message }, "single sign-on refused");
        return failed("SSO_FAILED");
      }
      const client = readAuditClient(request);
      try {
        const { session } = await signInWithIdentity(
          getDatabase(),
          { provider: provider.id, ...identity },
          { allowSignUp: allowSignUp(), clientAddress: client.ip, userAgent: client.userAgent },
        );
        cookies.delete(SSO_COOKIE);
        cookies.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
        return redirect(`${builderUrl}/dashboard`, headers);
      } catch (error) {
        const code = error instanceof AppError ? error.issues[0]?.code : undefined;
        if (!code) throw error;
        return failed(code);
      }
    });
}

export const handleSsoRequest = createSsoHandler();
