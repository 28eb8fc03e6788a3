import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalServer, readRequestText, startLocalServer } from "./startLocalServer";

/** One GitHub account: its numeric id, login, name and e-mail addresses (as `/user/emails` lists them). */
export interface GithubTestAccount {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface LocalGithubServer {
  /** `http://127.0.0.1:<port>`: the web URL (`/login/oauth/…`) and, at the root or under `/api/v3`, the API. */
  url: string;
  /** The account the browser is signed in to at GitHub: the authorize page approves the app as it. */
  signedInAs: GithubTestAccount | null;
  /** What the token endpoint received, in order (form fields and the Basic credentials' client id). */
  tokenRequests: Record<string, string>[];
  close: () => Promise<void>;
}

interface Grant {
  account: GithubTestAccount;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}

/** GitHub's rule: the redirect URI's host and port are the callback URL's, its path the same or a sub-path. */
function isWithinCallbackUrl(redirectUri: string, callbackUrl: string) {
  if (!URL.canParse(redirectUri)) return false;
  const redirect = new URL(redirectUri);
  const callback = new URL(callbackUrl);
  const base = callback.pathname.replace(/\/$/, "");
  return (
    redirect.origin === callback.origin &&
    (redirect.pathname === callback.pathname || redirect.pathname.startsWith(`${base}/`))
  );
}

/** The client credentials of a token request: HTTP Basic (`client_secret_basic`) or the form's fields. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "");
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  return { clientId: form.get("client_id") ?? "", clientSecret: form.get("client_secret") ?? "" };
}

/**
 * A local server speaking GitHub's OAuth app protocol as github.com does, for the GitHub sign-in's tests:
 * `GET /login/oauth/authorize` (the signed-in account approves at once; an unknown client or another redirect
 * URI is refused as GitHub refuses it), `POST /login/oauth/access_token` (the code once, with its client's
 * secret, redirect URI and PKCE verifier; like GitHub, errors are 200 answers with an `error` field, and JSON
 * only for `Accept: application/json`), `GET /user` and `GET /user/emails` with the access token (401
 * "Bad credentials" otherwise), also under `/api/v3` as an Enterprise Server serves them.
 */
export async function startLocalGithubServer(app: {
  clientId: string;
  clientSecret: string;
  /** The OAuth app's callback URL: a `redirect_uri` must be it or under it (same host and port, a sub-path). */
  callbackUrl: string;
}): Promise<LocalGithubServer> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, GithubTestAccount>();
  let server: LocalServer | undefined;
  const local: LocalGithubServer = {
    url: "",
    signedInAs: null,
    tokenRequests: [],
    close: () => server?.close() ?? Promise.resolve(),
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const query = url.searchParams;
    if (query.get("client_id") !== app.clientId) return send(response, 404, { message: "Not Found" });
    const redirectUri = query.get("redirect_uri") ?? app.callbackUrl;
    const back = new URL(redirectUri);
    const state = query.get("state");
    if (state) back.searchParams.set("state", state);
    if (!isWithinCallbackUrl(redirectUri, app.callbackUrl)) {
      back.searchParams.set("error", "redirect_uri_mismatch");
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const account = local.signedInAs;
    if (!account) return send(response, 401, { message: "Sign in to GitHub first" });
    const method = query.get("code_challenge_method");
    if (query.get("code_challenge") && method !== "S256") {
      back.searchParams.set("error", "invalid_request");
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const code = randomBytes(10).toString("hex");
    codes.set(code, {
      account,
      clientId: app.clientId,
      redirectUri,
      codeChallenge: query.get("code_challenge"),
    });
    back.searchParams.set("code", code);
    response.writeHead(302, { location: back.href }).end();
  };

  const exchange = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readRequestText(request));
    const { clientId, clientSecret } = clientCredentials(request, form);
    local.tokenRequests.push({ ...Object.fromEntries(form), client_id: clientId });
    const wantsJson = (request.headers.accept ?? "").includes("application/json");
    const answer = (body: Record<string, string>) =>
      wantsJson
        ? send(response, 200, body)
        : response
            .writeHead(200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" })
            .end(new URLSearchParams(body).toString());
    if (clientId !== app.clientId || clientSecret !== app.clientSecret)
      return answer({
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or client_secret passed are incorrect.",
      });
    const code = form.get("code") ?? "";
    const grant = codes.get(code);
    codes.delete(code);
    const verifier = form.get("code_verifier");
    const challengeMatches =
      grant?.codeChallenge === null ||
      (verifier !== null &&
        createHash("sha256").update(verifier).digest("base64url") === grant?.codeChallenge);
    const redirectMatches = !form.get("redirect_uri") || form.get("redirect_uri") === grant?.redirectUri;
    if (!grant || grant.clientId !== clientId || !redirectMatches || !challengeMatches)
      return answer({
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
      });
    const accessToken = `gho_${randomBytes(18).toString("hex")}`;
    tokens.set(accessToken, grant.account);
    answer({ access_token: accessToken, token_type: "bearer", scope: "read:user,user:email" });
  };

  const api = (request: IncomingMessage, response: ServerResponse, path: string) => {
    const token = /^(?:Bearer|token) (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    const account = token ? tokens.get(token) : undefined;
    if (!account)
      return send(response, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
      });
    if (path === "/user")
      return send(response, 200, { id: account.id, login: account.login, name: account.name, type: "User" });
    return send(
      response,
      200,
      account.emails.map((entry) => ({ ...entry, visibility: entry.primary ? "private" : null })),
    );
  };

  server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? "/", local.url);
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, "");
    if (request.method === "GET" && url.pathname === "/login/oauth/authorize")
      return authorize(url, response);
    if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
      exchange(request, response).catch(() => send(response, 500, { message: "Server Error" }));
      return;
    }
    if (request.method === "GET" && (path === "/user" || path === "/user/emails"))
      return api(request, response, path);
    send(response, 404, { message: "Not Found" });
  });
  local.url = server.origin;
  return local;
}
