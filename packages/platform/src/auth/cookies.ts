/**
 * The one parser of a `Cookie` header. A repeated name keeps its last value
 * (among cookies of one path, browsers send the newest last); a value with a
 * malformed %-escape is kept as sent.
 */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** Cookies of a request, with writes going to the response headers (httpOnly, SameSite=Lax). */
export function createCookieJar(request: Request, responseHeaders: Headers): CookieJar {
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  const isSecure =
    new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const attributes = `Path=/; HttpOnly; SameSite=Lax${isSecure ? "; Secure" : ""}`;
  return {
    get: (name) => cookies.get(name),
    set: (name, value, { expires }) => {
      cookies.set(name, value);
      responseHeaders.append(
        "set-cookie",
        `${name}=${encodeURIComponent(value)}; ${attributes}; Expires=${expires.toUTCString()}`,
      );
    },
    delete: (name) => {
      cookies.delete(name);
      responseHeaders.append("set-cookie", `${name}=; ${attributes}; Max-Age=0`);
    },
  };
}

export interface CookieJar {
  get: (name: string) => string | undefined;
  set: (name: string, value: string, options: { expires: Date }) => void;
  delete: (name: string) => void;
}
