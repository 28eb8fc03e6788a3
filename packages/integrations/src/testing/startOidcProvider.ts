/// <reference path="./oidc-provider.d.ts" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** The claims of one person at the test provider, by their login (`sub`). */
export interface OidcTestPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalOidcProvider {
  /** `http://127.0.0.1:<port>`: its discovery document is under `/.well-known/openid-configuration`. */
  issuer: string;
  /** People who may sign in, by login; the development login form accepts any password. */
  people: Map<string, OidcTestPerson>;
  /** While true, the token endpoint's ID token has its payload changed (its signature no longer matches). */
  tamperIdTokens: boolean;
  /** Registers one more redirect URI of the client (a workspace's provider learns its callback once saved). */
  allowRedirectUri: (uri: string) => void;
  close: () => Promise<void>;
}

/** Changes a JWT's payload (the e-mail claim) and keeps its header and signature: a forged token. */
function tamper(idToken: string): string {
  const [header, payload, signature] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
  claims.email = "forged@example.test";
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}

/**
 * A real OpenID Provider on loopback: `oidc-provider` (OpenID certified) with one confidential client, PKCE
 * required, the `email` and `profile` claims, and its development login and consent pages (no password check),
 * which the tests fill in as a browser does.
 */
export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<LocalOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, OidcTestPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    findAccount: (_context, id) => {
      const person = people.get(id);
      return person ? { accountId: id, claims: () => ({ sub: id, ...person }) } : undefined;
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["local test provider"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  const handle = provider.callback();
  const redirectUris = new Set(client.redirectUris);
  // The client's registered URIs, plus those added meanwhile (as an administrator edits the client's settings).
  provider.Client.prototype.redirectUriAllowed = (value: string) => redirectUris.has(value);
  const local: LocalOidcProvider = {
    issuer,
    people,
    tamperIdTokens: false,
    allowRedirectUri: (uri) => redirectUris.add(uri),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on("request", (request, response) => {
    if (local.tamperIdTokens && request.method === "POST" && request.url?.startsWith("/token")) {
      const end = response.end.bind(response);
      response.end = ((body?: unknown, ...rest: unknown[]) => {
        const text = Buffer.isBuffer(body) ? body.toString("utf8") : typeof body === "string" ? body : "";
        if (text.includes("id_token")) {
          const tokens = JSON.parse(text);
          tokens.id_token = tamper(tokens.id_token);
          const forged = JSON.stringify(tokens);
          if (!response.headersSent) response.setHeader("content-length", Buffer.byteLength(forged));
          return end(forged);
        }
        return end(body as never, ...(rest as []));
      }) as typeof response.end;
    }
    handle(request, response);
  });
  return local;
}
