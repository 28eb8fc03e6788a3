import https from "node:https";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTlsCertificate, testTlsKey } from "../testing/selfSignedCertificate";
import { type LocalServer, readRequestText, startLocalServer } from "../testing/startLocalServer";
import { OutboundError } from "./OutboundError";
import { safeFetch } from "./safeFetch";

const allowList = ["127.0.0.1"];
const gzipBomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024));
let server: LocalServer;
let otherOrigin: LocalServer;
let endlessStreamClosed: Promise<void>;
let markEndlessStreamClosed: () => void;

/** Echoes what it received, or misbehaves as the path asks. */
const handle: Parameters<typeof startLocalServer>[0] = (request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  const query = url.searchParams;
  switch (url.pathname) {
    case "/redirect":
      response.statusCode = Number(query.get("status") ?? 302);
      response.setHeader("location", query.get("to") ?? "/echo");
      response.end();
      return;
    case "/hops": {
      const left = Number(query.get("left"));
      response.statusCode = left > 0 ? 302 : 200;
      if (left > 0) response.setHeader("location", `/hops?left=${left - 1}`);
      response.end(left > 0 ? "" : "arrived");
      return;
    }
    case "/loop":
      response.statusCode = 302;
      response.setHeader("location", "/loop");
      response.end();
      return;
    case "/big": {
      const bytes = Number(query.get("bytes"));
      if (query.get("chunked") !== "1") response.setHeader("content-length", bytes);
      response.end("a".repeat(bytes));
      return;
    }
    case "/endless": {
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const writeMore = () => {
        while (!response.destroyed && response.write(chunk)) {}
      };
      response.on("drain", writeMore);
      response.on("close", () => markEndlessStreamClosed());
      writeMore();
      return;
    }
    case "/gzip":
      response.setHeader("content-encoding", "gzip");
      response.end(zlib.gzipSync("compressed hello"));
      return;
    case "/brotli":
      response.setHeader("content-encoding", "br");
      response.end(zlib.brotliCompressSync("brotli hello"));
      return;
    case "/gzip-bomb":
      response.setHeader("content-encoding", "gzip");
      response.end(gzipBomb);
      return;
    case "/latin1":
      response.setHeader("content-type", "text/plain; charset=iso-8859-1");
      response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      return;
    case "/hang":
      return;
    case "/slow-body":
      response.write("first part");
      return;
    default:
      readRequestText(request).then((body) => {
        response.setHeader("content-type", "application/json");
        response.setHeader("x-custom", "kept");
        response.setHeader("keep-alive", "timeout=5");
        response.end(
          JSON.stringify({ method: request.method, path: request.url, headers: request.headers, body }),
        );
      });
  }
};

beforeAll(async () => {
  endlessStreamClosed = new Promise((resolve) => {
    markEndlessStreamClosed = resolve;
  });
  server = await startLocalServer(handle);
  otherOrigin = await startLocalServer(handle);
});

afterAll(async () => {
  await Promise.all([server?.close(), otherOrigin?.close()]);
});

const echoOf = (bodyText: string) =>
  JSON.parse(bodyText) as { method: string; path: string; headers: Record<string, string>; body: string };

describe("safeFetch with an allow-listed local server", () => {
  it("sends a GET with the caller's headers and returns status, headers, text and URL", async () => {
    const response = await safeFetch(`${server.origin}/echo?q=1#fragment`, {
      headers: { "X-Api-Key": "secret", Accept: "application/json" },
      allowList,
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.origin}/echo?q=1`);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["x-custom"]).toBe("kept");
    const echo = echoOf(response.bodyText);
    expect(echo).toMatchObject({ method: "GET", path: "/echo?q=1", body: "" });
    expect(echo.headers).toMatchObject({
      "x-api-key": "secret",
      accept: "application/json",
      host: `127.0.0.1:${server.port}`,
    });
  });

  it("sends a POST body and reports non-2xx statuses as responses", async () => {
    const response = await safeFetch(`${server.origin}/echo`, {
      method: "post",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", emoji: "🦜" }),
      allowList,
    });
    const echo = echoOf(response.bodyText);
    expect(echo.method).toBe("POST");
    expect(JSON.parse(echo.body)).toEqual({ name: "Ada", emoji: "🦜" });
    expect(echo.headers["content-length"]).toBe(String(Buffer.byteLength(echo.body)));
    const missing = await safeFetch(`${server.origin}/redirect?status=404`, { allowList });
    expect(missing.status).toBe(404);
  });

  it("strips connection-level headers both ways and keeps the Host of the URL", async () => {
    const response = await safeFetch(`${server.origin}/echo`, {
      headers: {
        Connection: "x-secret-hop",
        "X-Secret-Hop": "1",
        "Keep-Alive": "timeout=99",
        "Transfer-Encoding": "chunked",
        Upgrade: "websocket",
        Host: "evil.example",
        "Proxy-Authorization": "Basic Zm9vOmJhcg==",
      },
      allowList,
    });
    const { headers } = echoOf(response.bodyText);
    expect(headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(headers).not.toHaveProperty("x-secret-hop");
    expect(headers).not.toHaveProperty("upgrade");
    expect(headers).not.toHaveProperty("proxy-authorization");
    expect(headers.connection).not.toContain("x-secret-hop");
    expect(response.headers).not.toHaveProperty("keep-alive");
    expect(response.headers).not.toHaveProperty("connection");
    expect(response.headers).not.toHaveProperty("transfer-encoding");
  });

  it("returns no body for HEAD", async () => {
    const response = await safeFetch(`${server.origin}/echo`, { method: "HEAD", allowList });
    expect(response).toMatchObject({ status: 200, bodyText: "" });
  });

  it("decodes gzip and brotli bodies and the declared charset", async () => {
    expect((await safeFetch(`${server.origin}/gzip`, { allowList })).bodyText).toBe("compressed hello");
    const brotli = await safeFetch(`${server.origin}/brotli`, { allowList });
    expect(brotli.bodyText).toBe("brotli hello");
    expect(brotli.headers).not.toHaveProperty("content-encoding");
    expect((await safeFetch(`${server.origin}/latin1`, { allowList })).bodyText).toBe("café");
  });
});

describe("safeFetch redirects", () => {
  it("follows redirects inside the allow-list and reports the final URL", async () => {
    const to = encodeURIComponent("/redirect?status=307&to=/echo%3Fdone%3D1");
    const response = await safeFetch(`${server.origin}/redirect?status=301&to=${to}`, { allowList });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.origin}/echo?done=1`);
    expect(echoOf(response.bodyText).path).toBe("/echo?done=1");
  });

  it("turns a POST into a body-less GET on 303 and repeats it on 307", async () => {
    const options = { method: "POST", headers: { "content-type": "text/plain" }, body: "payload", allowList };
    const seeOther = echoOf((await safeFetch(`${server.origin}/redirect?status=303`, options)).bodyText);
    expect(seeOther).toMatchObject({ method: "GET", body: "" });
    expect(seeOther.headers).not.toHaveProperty("content-type");
    const temporary = echoOf((await safeFetch(`${server.origin}/redirect?status=307`, options)).bodyText);
    expect(temporary).toMatchObject({ method: "POST", body: "payload" });
    expect(temporary.headers["content-type"]).toBe("text/plain");
  });

  it("keeps Authorization on the same origin and drops it (and cookies) for another origin", async () => {
    const options = {
      headers: { Authorization: "Bearer top-secret", Cookie: "sid=1", "X-Trace": "t" },
      allowList,
    };
    const same = echoOf((await safeFetch(`${server.origin}/redirect?to=/echo`, options)).bodyText);
    expect(same.headers.authorization).toBe("Bearer top-secret");
    const to = encodeURIComponent(`${otherOrigin.origin}/echo`);
    const other = echoOf(
      (await safeFetch(`${server.origin}/redirect?status=307&to=${to}`, options)).bodyText,
    );
    expect(other.headers).not.toHaveProperty("authorization");
    expect(other.headers).not.toHaveProperty("cookie");
    expect(other.headers["x-trace"]).toBe("t");
  });

  it("follows the default maximum of 10 redirects on a named host without piling up listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const response = await safeFetch(`http://hops.example:${server.port}/hops?left=10`, {
        resolveHost: async () => ["127.0.0.1"],
        allowList,
      });
      expect(response).toMatchObject({ status: 200, bodyText: "arrived" });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("stops after maxRedirects with TOO_MANY_REDIRECTS", async () => {
    const before = server.requests.length;
    const error = await safeFetch(`${server.origin}/loop`, { maxRedirects: 3, allowList }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.code).toBe("TOO_MANY_REDIRECTS");
    expect(server.requests.length - before).toBe(4);
    const defaultLimit = await safeFetch(`${server.origin}/loop`, { allowList }).catch((caught) => caught);
    expect(defaultLimit.code).toBe("TOO_MANY_REDIRECTS");
  });
});

describe("safeFetch limits", () => {
  it("accepts a body up to the cap and refuses one declared larger", async () => {
    const fits = await safeFetch(`${server.origin}/big?bytes=1000`, { maxResponseBytes: 1000, allowList });
    expect(fits.bodyText).toHaveLength(1000);
    const error = await safeFetch(`${server.origin}/big?bytes=2000000`, { allowList }).catch(
      (caught) => caught,
    );
    expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
  });

  it("cuts a chunked body without length at the cap", async () => {
    const error = await safeFetch(`${server.origin}/big?bytes=5000&chunked=1`, {
      maxResponseBytes: 4096,
      allowList,
    }).catch((caught) => caught);
    expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
  });

  it("closes the socket of an endless body", async () => {
    const error = await safeFetch(`${server.origin}/endless`, { allowList }).catch((caught) => caught);
    expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
    await endlessStreamClosed;
  });

  it("stops a decompression bomb at the decoded cap", async () => {
    expect(gzipBomb.byteLength).toBeLessThan(1024 * 1024);
    const error = await safeFetch(`${server.origin}/gzip-bomb`, { allowList }).catch((caught) => caught);
    expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
  });

  it("times out a server that never answers, and one that stalls mid-body", async () => {
    const silent = await safeFetch(`${server.origin}/hang`, { timeoutMs: 150, allowList }).catch(
      (caught) => caught,
    );
    expect(silent).toBeInstanceOf(OutboundError);
    expect(silent.code).toBe("TIMEOUT");
    const stalled = await safeFetch(`${server.origin}/slow-body`, { timeoutMs: 150, allowList }).catch(
      (c) => c,
    );
    expect(stalled.code).toBe("TIMEOUT");
  });

  it("times out a DNS answer that never comes", async () => {
    const error = await safeFetch("http://slow-dns.example/", {
      timeoutMs: 100,
      resolveHost: () => new Promise(() => {}),
    }).catch((caught) => caught);
    expect(error).toMatchObject({ code: "TIMEOUT" });
  });

  it.each([
    [{ method: "CONNECT" }, "not allowed"],
    [{ method: "TRACE" }, "not allowed"],
    [{ headers: { "x-injected": "a\r\nX-Evil: 1" } }, "not a valid HTTP header"],
    [{ headers: { "bad header": "1" } }, "not a valid HTTP header"],
    [{ timeoutMs: -1 }, "timeoutMs"],
    [{ maxResponseBytes: Number.NaN }, "maxResponseBytes"],
    [{ allowList: ["10.0.0.0/99"] }, "CIDR"],
  ])("refuses invalid options %o with INVALID_REQUEST", async (options, message) => {
    const error = await safeFetch(`${server.origin}/echo`, { allowList, ...options }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.message).toContain(message);
  });

  it("reports a refused connection and an unknown name as NETWORK_ERROR", async () => {
    const closed = await startLocalServer(() => {});
    await closed.close();
    const refused = await safeFetch(`${closed.origin}/`, { allowList }).catch((caught) => caught);
    expect(refused).toMatchObject({ code: "NETWORK_ERROR" });
    const unknown = await safeFetch("http://no-such-name.example/", {
      resolveHost: async () => Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" })),
    }).catch((caught) => caught);
    expect(unknown).toMatchObject({ code: "NETWORK_ERROR" });
  });
});

describe("safeFetch connection pinning", () => {
  it("connects to the address it checked even when DNS answers differently afterwards", async () => {
    const rebound = await startLocalServer(() => {}, { host: "127.0.0.2", port: server.port });
    try {
      const answers = [["127.0.0.1"], ["127.0.0.2"]];
      let lookups = 0;
      const resolveHost = async () => answers[Math.min(lookups++, 1)]!;
      const response = await safeFetch(`http://rebind.example:${server.port}/echo`, {
        resolveHost,
        allowList,
      });
      expect(echoOf(response.bodyText).headers.host).toBe(`rebind.example:${server.port}`);
      expect(lookups).toBe(1);
      expect(rebound.connections).toBe(0);
    } finally {
      await rebound.close();
    }
  });

  it("keeps the URL's host name as the TLS server name and refuses an untrusted certificate", async () => {
    const serverNames: string[] = [];
    const tlsServer = https.createServer({
      key: testTlsKey,
      cert: testTlsCertificate,
      SNICallback: (name, callback) => {
        serverNames.push(name);
        callback(null);
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const port = (tlsServer.address() as AddressInfo).port;
    try {
      const error = await safeFetch(`https://parley-test.invalid:${port}/`, {
        resolveHost: async () => ["127.0.0.1"],
        allowList,
      }).catch((caught) => caught);
      expect(error).toMatchObject({ code: "NETWORK_ERROR" });
      expect(error.message).toContain("SELF_SIGNED");
      expect(serverNames).toEqual(["parley-test.invalid"]);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });
});
