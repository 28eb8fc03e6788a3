import * as client from "openid-client";
import { z } from "zod";
import { safeFetch } from "../outbound/safeFetch";
import type { SsoProvider } from "./ssoProviders";

/** What the browser keeps between leaving for the provider and coming back (in a cookie of its own). */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who signed in at the provider. `emailVerified`: the provider says the person controls `email`. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** A sign-in the provider's answer does not allow (a wrong state, nonce or code, a bad ID token…). */
export class SsoError extends Error {}

const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

type FetchBody = client.CustomFetchOptions["body"];

function toSafeFetchBody(body: FetchBody): string | Uint8Array | null {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new SsoError("A request body of this kind cannot be sent to a workspace's provider");
}

/** The fetch of a provider: safeFetch for a workspace's (its addresses were typed by a workspace ADMIN). */
function fetchOf(provider: SsoProvider): client.CustomFetch | undefined {
  const { outbound } = provider;
  if (!outbound) return undefined;
  return async (url, options) => {
    const answer = await safeFetch(url, {
      method: options.method,
      headers: options.headers,
      body: toSafeFetchBody(options.body),
      maxRedirects: 0,
      allowList: outbound.allowList,
      signal: options.signal,
    });
    const hasBody = answer.status !== 204 && answer.status !== 304;
    return new Response(hasBody ? answer.bodyText : null, { status: answer.status, headers: answer.headers });
  };
}

/** Discovered configurations per provider and client, kept for the process's life (a failed discovery is retried). */
const configurations = new Map<string, Promise<client.Configuration>>();

async function configurationOf(provider: SsoProvider): Promise<client.Configuration> {
  const { protocol } = provider;
  const key = `${provider.id}\n${provider.clientId}\n${provider.clientSecret}\n${JSON.stringify(protocol)}\n${JSON.stringify(provider.outbound ?? null)}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration =
      protocol.kind === "oidc"
        ? discover(new URL(protocol.issuer), provider)
        : Promise.resolve(githubConfiguration(provider, protocol.webUrl));
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

function discover(issuer: URL, provider: SsoProvider) {
  // ID tokens' signatures are verified against the provider's keys (openid-client skips it by default for tokens
  // from the token endpoint over TLS). Plain HTTP only for a provider on this machine (development and tests).
  const execute = [client.enableNonRepudiationChecks];
  if (isLoopback(issuer)) execute.unshift(client.allowInsecureRequests);
  const customFetch = fetchOf(provider);
  return client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    execute,
    ...(customFetch ? { [client.customFetch]: customFetch } : {}),
  });
}

/**
 * Reads a provider's discovery document (OpenID Connect; GitHub has none and passes), so a configuration that
 * cannot work is refused when it is saved. SsoError with the reason.
 */
export async function checkSsoProvider(provider: SsoProvider): Promise<void> {
  if (provider.protocol.kind !== "oidc") return;
  try {
    await discover(new URL(provider.protocol.issuer), provider);
  } catch (error) {
    throw new SsoError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

function githubConfiguration(provider: SsoProvider, webUrl: string) {
  const configuration = new client.Configuration(
    {
      issuer: webUrl,
      authorization_endpoint: `${webUrl}/login/oauth/authorize`,
      token_endpoint: `${webUrl}/login/oauth/access_token`,
    },
    provider.clientId,
    provider.clientSecret,
  );
  if (isLoopback(new URL(webUrl))) client.allowInsecureRequests(configuration);
  const customFetch = fetchOf(provider);
  if (customFetch) configuration[client.customFetch] = customFetch;
  return configuration;
}

/**
 * The provider's authorization URL (authorization code with PKCE S256, a state and, for OpenID Connect, a nonce)
 * and the checks the callback compares its answer with.
 */
export async function startSsoSignIn(
  provider: SsoProvider,
  redirectUri: string,
  /** The address the person typed (the provider's login form starts with it). */
  loginHint?: string,
): Promise<{ url: URL; checks: SsoChecks }> {
  const configuration = await configurationOf(provider);
  const checks = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
  };
  if (loginHint) parameters[provider.protocol.kind === "oidc" ? "login_hint" : "login"] = loginHint;
  if (provider.protocol.kind === "oidc") {
    parameters.scope = provider.protocol.scope;
    parameters.nonce = checks.nonce;
  } else {
    parameters.scope = "read:user user:email";
  }
  return { url: client.buildAuthorizationUrl(configuration, parameters), checks };
}

const truthy = (value: unknown) => value === true || value === "true";

/**
 * Exchanges the callback's code (with the PKCE verifier, the state and nonce checked, the ID token's signature,
 * issuer, audience and expiry verified by openid-client) and reads who signed in. SsoError when the provider's
 * answer is refused.
 */
export async function finishSsoSignIn(
  provider: SsoProvider,
  callbackUrl: URL,
  checks: SsoChecks,
): Promise<SsoIdentity> {
  const configuration = await configurationOf(provider);
  const { protocol } = provider;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      ...(protocol.kind === "oidc" ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
    });
  } catch (error) {
    throw new SsoError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (protocol.kind === "github") return readGithubIdentity(provider, protocol.apiUrl, tokens.access_token);
  const idToken = tokens.claims();
  if (!idToken) throw new SsoError("The provider sent no ID token");
  // A provider may give the e-mail claims at its UserInfo endpoint only (for the same subject).
  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== "string" && configuration.serverMetadata().userinfo_endpoint) {
    try {
      claims = {
        ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
        ...idToken,
      };
    } catch (error) {
      throw new SsoError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
  const email = typeof claims.email === "string" && claims.email.length > 0 ? claims.email : null;
  return {
    subject: idToken.sub,
    email,
    emailVerified: email !== null && truthy(claims[protocol.verifiedEmailClaim]),
    name: typeof claims.name === "string" ? claims.name : null,
  };
}

const githubUserSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string().nullable().optional(),
});
const githubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

async function githubGet(provider: SsoProvider, apiUrl: string, path: string, accessToken: string) {
  const headers = {
    accept: "application/vnd.github+json",
    authorization: `Bearer ${accessToken}`,
    "user-agent": "Parley",
    "x-github-api-version": "2022-11-28",
  };
  const customFetch = fetchOf(provider);
  const response = customFetch
    ? await customFetch(`${apiUrl}${path}`, {
        method: "GET",
        headers,
        body: undefined as unknown as FetchBody,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => {
        throw new SsoError(error instanceof Error ? error.message : String(error), { cause: error });
      })
    : await fetch(`${apiUrl}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new SsoError(`GitHub answered ${response.status} to ${path}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new SsoError(`GitHub's answer to ${path} is not JSON`);
  }
}

/** GitHub has no ID token: the account from `/user`, its address the primary verified one of `/user/emails`. */
async function readGithubIdentity(
  provider: SsoProvider,
  apiUrl: string,
  accessToken: string,
): Promise<SsoIdentity> {
  const user = githubUserSchema.safeParse(await githubGet(provider, apiUrl, "/user", accessToken));
  const emails = githubEmailsSchema.safeParse(await githubGet(provider, apiUrl, "/user/emails", accessToken));
  if (!user.success || !emails.success) throw new SsoError("GitHub's answer could not be read");
  const primary = emails.data.find((entry) => entry.primary);
  return {
    subject: String(user.data.id),
    email: primary?.email ?? null,
    emailVerified: primary?.verified === true,
    name: user.data.name || user.data.login,
  };
}
