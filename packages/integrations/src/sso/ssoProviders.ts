import { integrationsEnv } from "../env";

/**
 * How a provider says who signed in. `oidc`: an OpenID Connect provider found by its issuer's discovery document;
 * the ID token's `sub`, `email` and `email_verified` (or `verifiedEmailClaim`). `github`: GitHub's OAuth 2 (no ID
 * token): the user API's id and the primary verified address of its e-mails API.
 */
export type SsoProtocol =
  | { kind: "oidc"; issuer: string; scope: string; verifiedEmailClaim: "email_verified" | "xms_edov" }
  | { kind: "github"; webUrl: string; apiUrl: string };

/** One identity provider people may sign in with. */
export interface SsoProvider {
  /** In URLs (`/api/auth/sso/<id>`) and stored identities; instance providers have fixed ids. */
  id: string;
  /** The sign-in button's "Sign in with <name>". */
  name: string;
  clientId: string;
  clientSecret: string;
  protocol: SsoProtocol;
  /**
   * Set for a workspace's provider, whose addresses a workspace ADMIN chose: every request to it goes through
   * safeFetch (no private networks unless OUTBOUND_ALLOWED_HOSTS or `allowList` allow them). The install's
   * own providers, set by its operator, are reached directly.
   */
  outbound?: { allowList?: readonly string[] };
}

type Env = typeof integrationsEnv;

/** Each preset: its id, name and protocol from its variables, or null while its client id is unset. */
const presets: ((env: Env) => SsoProvider | null)[] = [
  (env) =>
    env.GOOGLE_AUTH_CLIENT_ID
      ? {
          id: "google",
          name: "Google",
          clientId: env.GOOGLE_AUTH_CLIENT_ID,
          clientSecret: env.GOOGLE_AUTH_CLIENT_SECRET ?? "",
          protocol: {
            kind: "oidc",
            issuer: "https://accounts.google.com",
            scope: "openid email profile",
            verifiedEmailClaim: "email_verified",
          },
        }
      : null,
  (env) =>
    env.AZURE_AD_CLIENT_ID && env.AZURE_AD_TENANT_ID
      ? {
          id: "microsoft",
          name: "Microsoft",
          clientId: env.AZURE_AD_CLIENT_ID,
          clientSecret: env.AZURE_AD_CLIENT_SECRET ?? "",
          protocol: {
            kind: "oidc",
            issuer: `https://login.microsoftonline.com/${env.AZURE_AD_TENANT_ID}/v2.0`,
            scope: "openid email profile",
            verifiedEmailClaim: "xms_edov",
          },
        }
      : null,
  (env) =>
    env.GITLAB_CLIENT_ID
      ? {
          id: "gitlab",
          name: "GitLab",
          clientId: env.GITLAB_CLIENT_ID,
          clientSecret: env.GITLAB_CLIENT_SECRET ?? "",
          protocol: {
            kind: "oidc",
            issuer: env.GITLAB_BASE_URL.replace(/\/$/, ""),
            scope: "openid email profile",
            verifiedEmailClaim: "email_verified",
          },
        }
      : null,
  (env) =>
    env.KEYCLOAK_CLIENT_ID && env.KEYCLOAK_BASE_URL && env.KEYCLOAK_REALM
      ? {
          id: "keycloak",
          name: "Keycloak",
          clientId: env.KEYCLOAK_CLIENT_ID,
          clientSecret: env.KEYCLOAK_CLIENT_SECRET ?? "",
          protocol: {
            kind: "oidc",
            issuer: `${env.KEYCLOAK_BASE_URL.replace(/\/$/, "")}/realms/${env.KEYCLOAK_REALM}`,
            scope: "openid email profile",
            verifiedEmailClaim: "email_verified",
          },
        }
      : null,
  (env) =>
    env.GITHUB_CLIENT_ID
      ? {
          id: "github",
          name: "GitHub",
          clientId: env.GITHUB_CLIENT_ID,
          clientSecret: env.GITHUB_CLIENT_SECRET ?? "",
          protocol: {
            kind: "github",
            webUrl: env.GITHUB_URL.replace(/\/$/, ""),
            apiUrl: env.GITHUB_API_URL.replace(/\/$/, ""),
          },
        }
      : null,
  (env) =>
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          id: "oidc",
          name: env.OIDC_NAME,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET ?? "",
          protocol: {
            kind: "oidc",
            issuer: env.OIDC_ISSUER,
            scope: env.OIDC_SCOPE,
            verifiedEmailClaim: "email_verified",
          },
        }
      : null,
];

/** The install's identity providers (environment variables), in the sign-in page's order. */
export function listInstanceSsoProviders(env: Env = integrationsEnv): SsoProvider[] {
  return presets.map((preset) => preset(env)).filter((provider) => provider !== null);
}
