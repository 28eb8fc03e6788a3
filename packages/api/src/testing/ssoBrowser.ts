import { randomInt } from "node:crypto";
import { expect } from "vitest";

/** A fresh documentation address per sign-in, so the sign-in throttle of one test never meets another's. */
export const newClientAddress = () =>
  `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;

/** One origin's cookies, as a browser keeps them (paths aside). */
export class CookieJar {
  readonly values = new Map<string, string>();
  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0] ?? "";
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (!value || /max-age=0/i.test(cookie)) this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  get header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * A browser signing in through an identity provider from `startPath` (`/api/auth/sso/<provider>` or the
 * `start` route): the builder's redirects, the provider's pages (oidc-provider's login and consent forms filled
 * in as `login`; a GitHub-like provider approves at once), back to the builder's callback. Returns where the
 * callback sent the browser and the session cookie it set.
 */
export async function signInThroughProvider(options: {
  handle: (request: Request) => Promise<Response>;
  builderUrl: string;
  startPath: string;
  login: string;
  clientAddress?: string;
}) {
  const { handle, builderUrl, login } = options;
  const address = options.clientAddress ?? newClientAddress();
  const builder = new CookieJar();
  const atProvider = new CookieJar();
  const visitBuilder = async (url: string) => {
    const response = await handle(
      new Request(url, {
        headers: { cookie: builder.header, "x-parley-client-address": address, "user-agent": "SSO browser" },
      }),
    );
    builder.store(response);
    return response;
  };
  let response = await visitBuilder(`${builderUrl}${options.startPath}`);
  let location = new URL(response.headers.get("location") ?? "", builderUrl).href;
  const visited: string[] = [location];
  for (let step = 0; step < 20; step++) {
    if (location.startsWith(`${builderUrl}/api/auth/sso/`)) {
      response = await visitBuilder(location);
    } else if (location.startsWith(`${builderUrl}/`)) {
      break;
    } else {
      response = await fetch(location, { headers: { cookie: atProvider.header }, redirect: "manual" });
      atProvider.store(response);
      if (response.status === 200) {
        const page = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "";
        const action = /action="([^"]+)"/.exec(page)?.[1] ?? "";
        const fields: Record<string, string> =
          prompt === "login" ? { prompt, login, password: "any" } : { prompt };
        response = await fetch(new URL(action, location), {
          method: "POST",
          headers: { cookie: atProvider.header, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
          redirect: "manual",
        });
        atProvider.store(response);
      }
    }
    expect([302, 303]).toContain(response.status);
    location = new URL(response.headers.get("location") ?? "", location).href;
    visited.push(location);
  }
  return { location, visited, session: builder.values.get("parley_session") };
}
