import { getPrisma } from "@parley/db";
import {
  finishSsoSignIn,
  type SsoChecks,
  SsoError,
  startSsoSignIn,
} from "@parley/integrations/sso/ssoClient";
import { listInstanceSsoProviders, type SsoProvider } from "@parley/integrations/sso/ssoProviders";
import { findWorkspaceSso, toWorkspaceSsoProvider } from "@parley/integrations/sso/workspaceSsoProviders";
import { emailDomainOf } from "@parley/platform/accounts/domainJoining";
import { signInWithIdentity } from "@parley/platform/accounts/signInWithIdentity";
import { readAuditClient } from "@parley/platform/audit/appendAuditEntry";
import { createCookieJar } from "@parley/platform/auth/cookies";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { platformEnv } from "@parley/platform/env";
import { AppError } from "@parley/platform/errors";
import { handleWebRequest } from "@parley/platform/http/handleWebRequest";
import { emailDomainSchema, workspaceSsoProviderKey } from "@parley/schemas/management/workspaceSso";
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
  /** Extra addresses workspace providers may be reached at (tests: a provider on loopback). */
  workspaceOutbound?: { allowList?: readonly string[] };
}

/** A provider the callback signs in with; for a workspace's, what its verified domains allow. */
interface ResolvedProvider {
  provider: SsoProvider;
  workspace?: { workspaceId: string; allowedDomains: string[]; joinableDomains: string[] };
}

const loginHintSchema = textSchema.trim().min(3).max(320);

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
 * Single sign-on through the install's providers and the workspaces' own (`ws-<id>`, docs/sso.md): the authorization code flow with PKCE, a state and a nonce
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
      const database = getDatabase();
      if (match[1] === "start" && !match[2]) {
        const target = await findStartTarget(database, url.searchParams);
        if (!target) {
          const email = url.searchParams.get("email");
          const back = email ? `&email=${encodeURIComponent(email.slice(0, 320))}` : "";
          return redirect(`${builderUrl}/sign-in/sso?error=SSO_NOT_CONFIGURED${back}`, headers);
        }
        return redirect(`${builderUrl}/api/auth/sso/${target}`, headers);
      }
      const resolved = await resolveProvider(
        database,
        match[1] ?? "",
        listProviders,
        services.workspaceOutbound,
      );
      if (!resolved) return failed("SSO_PROVIDER_UNKNOWN");
      const { provider } = resolved;
      const redirectUri = `${builderUrl}/api/auth/sso/${provider.id}/callback`;

      if (!match[2]) {
        const hint = loginHintSchema.safeParse(url.searchParams.get("login_hint") ?? undefined);
        const { url: authorizationUrl, checks } = await startSsoSignIn(
          provider,
          redirectUri,
          hint.success ? hint.data : undefined,
        );
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
          database,
          { provider: provider.id, ...identity },
          {
            allowSignUp: allowSignUp(),
            clientAddress: client.ip,
            userAgent: client.userAgent,
            workspaceProvider: resolved.workspace,
          },
        );
        cookies.delete(SSO_COOKIE);
        cookies.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
        const workspace = resolved.workspace ? `?workspace=${resolved.workspace.workspaceId}` : "";
        return redirect(`${builderUrl}/dashboard${workspace}`, headers);
      } catch (error) {
        const code = error instanceof AppError ? error.issues[0]?.code : undefined;
        if (!code) throw error;
        return failed(code);
      }
    });
}

/**
 * An install provider by its id, or a workspace's by `ws-<id>` with the allowed domains its workspace verified
 * (and those open to joining). Null when there is none (or its secret no longer decrypts).
 */
async function resolveProvider(
  database: ReturnType<typeof getPrisma>,
  key: string,
  listProviders: () => SsoProvider[],
  outbound: SsoServices["workspaceOutbound"],
): Promise<ResolvedProvider | null> {
  const instance = listProviders().find((candidate) => candidate.id === key);
  if (instance) return { provider: instance };
  const row = await findWorkspaceSso(database, key);
  if (!row) return null;
  let provider: SsoProvider;
  try {
    provider = toWorkspaceSsoProvider(row, outbound);
  } catch {
    return null;
  }
  const verified = await database.workspaceDomain.findMany({
    where: { workspaceId: row.workspaceId, verifiedAt: { not: null } },
    select: { domain: true, allowsJoining: true },
  });
  const allowedDomains = verified
    .map((entry) => entry.domain)
    .filter((domain) => row.allowedDomains.includes(domain));
  return {
    provider,
    workspace: {
      workspaceId: row.workspaceId,
      allowedDomains,
      joinableDomains: verified
        .filter((entry) => entry.allowsJoining && allowedDomains.includes(entry.domain))
        .map((entry) => entry.domain),
    },
  };
}

/**
 * `/api/auth/sso/start?email=` (the "Sign in with SSO" form): the provider of the workspace that verified the
 * address's domain and allows it, with the address as the login hint; `?workspaceId=` (a workspace that
 * requires its single sign-on sent the builder here): that workspace's provider. Null when there is none.
 */
async function findStartTarget(database: ReturnType<typeof getPrisma>, query: URLSearchParams) {
  const workspaceId = textSchema.max(64).safeParse(query.get("workspaceId") ?? undefined);
  if (workspaceId.success) {
    const sso = await database.workspaceSso.findUnique({
      where: { workspaceId: workspaceId.data },
      select: { id: true },
    });
    return sso ? workspaceSsoProviderKey(sso.id) : null;
  }
  const email = loginHintSchema.safeParse(query.get("email") ?? undefined);
  if (!email.success || !email.data.includes("@")) return null;
  const domain = emailDomainSchema.safeParse(emailDomainOf(email.data));
  if (!domain.success) return null;
  const claimed = await database.workspaceDomain.findFirst({
    where: { domain: domain.data, verifiedAt: { not: null }, workspace: { sso: { isNot: null } } },
    select: { workspace: { select: { sso: { select: { id: true, allowedDomains: true } } } } },
  });
  const sso = claimed?.workspace.sso;
  if (!sso?.allowedDomains.includes(domain.data)) return null;
  return `${workspaceSsoProviderKey(sso.id)}?login_hint=${encodeURIComponent(email.data)}`;
}

export const handleSsoRequest = createSsoHandler();
