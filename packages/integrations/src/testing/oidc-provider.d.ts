// The part of oidc-provider (a certified OpenID Provider, which ships no types) the tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface OidcAccount {
    accountId: string;
    claims: (use: string, scope: string) => Record<string, unknown>;
  }

  interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    findAccount: (context: unknown, id: string) => OidcAccount | undefined;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    /** The provider's client model; the tests widen its redirect URI rule. */
    readonly Client: { prototype: { redirectUriAllowed: (value: string) => boolean } };
  }
}
