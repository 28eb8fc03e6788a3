import { parseAllowList } from "@parley/config/network/allowList";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../testing/startLocalServer";
import { OutboundError } from "./OutboundError";
import { parseOutboundUrl, resolveOutboundTarget } from "./resolveOutboundTarget";
import { safeFetch } from "./safeFetch";

// Every URL below must be refused before a socket opens. The canary listens where a leaked request would land
// (127.0.0.1 and ::1 on one port; 0.0.0.0 also reaches it) and must see no connection at all.
let canary: LocalServer;
let canaryV6: LocalServer | null = null;
let redirector: LocalServer;
/** The canary's port; `:P` in the corpus stands for it. */
let P = 0;

/** Fake DNS: names an attacker controls that point inside (names absent here do not resolve). */
const dnsRecords: Record<string, string[]> = {
  "public.example": ["127.0.0.1"],
  "localtest.me": ["127.0.0.1"],
  "sub.localtest.me": ["127.0.0.1"],
  "127.0.0.1.nip.io": ["127.0.0.1"],
  "10.0.0.1.nip.io": ["10.0.0.1"],
  "169.254.169.254.nip.io": ["169.254.169.254"],
  "mixed.example": ["93.184.216.34", "127.0.0.1"],
  "mixed6.example": ["2606:4700:4700::1111", "::1"],
  "v6-loopback.example": ["::1"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "nat64.example": ["64:ff9b::7f00:1"],
  "zero.example": ["0.0.0.0"],
  "unspecified6.example": ["::"],
  "internal.example": ["10.1.2.3"],
  "cgnat.example": ["100.64.1.1"],
  "ula.example": ["fd00::1"],
  "linklocal6.example": ["fe80::1"],
  "metadata-alias.example": ["169.254.169.254"],
  "ecs.example": ["169.254.170.2"],
};
const resolveHost = async (name: string) => {
  const addresses = dnsRecords[name];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return addresses;
};
/** The redirector is reachable by its name only: that opens neither 127.0.0.1 nor any other name. */
const allowList = ["public.example"];

type Expected = "BLOCKED_ADDRESS" | "INVALID_URL";
const B: Expected = "BLOCKED_ADDRESS";
const I: Expected = "INVALID_URL";

const directCorpus: [string, Expected][] = [
  // IPv4 loopback in every encoding the WHATWG parser accepts
  ["http://127.0.0.1:P/", B],
  ["http://127.1:P/", B],
  ["http://127.0.1:P/", B],
  ["http://2130706433:P/", B],
  ["http://0x7f000001:P/", B],
  ["http://0x7f.1:P/", B],
  ["http://0x7f.0x0.0x0.0x1:P/", B],
  ["http://0177.0.0.1:P/", B],
  ["http://0177.0.0.01:P/", B],
  ["http://017700000001:P/", B],
  ["http://127.000.000.001:P/", B],
  ["http://127.0.0.1.:P/", B],
  ["http://127%2E0%2E0%2E1:P/", B],
  ["http://\uff11\uff12\uff17.\uff10.\uff10.\uff11:P/", B],
  ["https://127.0.0.1:P/", B],
  ["http://127.0.0.1:P\\@public.example/", B],
  ["http:///127.0.0.1:P/", B],
  ["http:\\\\127.0.0.1:P/", B],
  ["http://127.0.0.1:P#@public.example/", B],
  // IPv6 forms of loopback and "this host"
  ["http://[::1]:P/", B],
  ["http://[0:0:0:0:0:0:0:1]:P/", B],
  ["http://[::ffff:127.0.0.1]:P/", B],
  ["http://[::ffff:7f00:1]:P/", B],
  ["http://[0:0:0:0:0:ffff:127.0.0.1]:P/", B],
  ["http://[::ffff:0:127.0.0.1]:P/", B],
  ["http://[64:ff9b::127.0.0.1]:P/", B],
  ["http://[2002:7f00:1::]:P/", B],
  ["http://[::127.0.0.1]:P/", B],
  ["http://[::]:P/", B],
  ["http://[0:0:0:0:0:0:0:0]:P/", B],
  ["http://0.0.0.0:P/", B],
  ["http://0:P/", B],
  ["http://[fe80::1%25eth0]:P/", I],
  ["http://[fe80::1]:P/", B],
  // names of this machine
  ["http://localhost:P/", B],
  ["http://LOCALHOST:P/", B],
  ["http://localhost.:P/", B],
  ["http://api.localhost:P/", B],
  // cloud metadata
  ["http://169.254.169.254/latest/meta-data/", B],
  ["http://[::ffff:169.254.169.254]/", B],
  ["http://[::ffff:a9fe:a9fe]/", B],
  ["http://2852039166/", B],
  ["http://0xa9fea9fe/", B],
  ["http://[fd00:ec2::254]/", B],
  ["http://metadata.google.internal/computeMetadata/v1/", B],
  ["http://metadata.google.internal./", B],
  ["http://metadata/", B],
  ["http://100.100.100.200/", B],
  // private, shared, multicast, reserved and documentation ranges
  ["http://10.0.0.1/", B],
  ["http://172.16.0.1/", B],
  ["http://172.31.255.254/", B],
  ["http://192.168.1.1/", B],
  ["http://100.64.0.1/", B],
  ["http://224.0.0.1/", B],
  ["http://255.255.255.255/", B],
  ["http://240.0.0.1/", B],
  ["http://198.18.0.1/", B],
  ["http://192.0.2.1/", B],
  ["http://198.51.100.1/", B],
  ["http://203.0.113.1/", B],
  ["http://[fc00::1]/", B],
  ["http://[fd12:3456::1]/", B],
  ["http://[ff02::1]/", B],
  ["http://[2001:db8::1]/", B],
  ["http://[fec0::1]/", B],
  // other schemes, credentials, garbage
  ["file:///etc/passwd", I],
  ["gopher://127.0.0.1:P/_GET%20/", I],
  ["ftp://127.0.0.1:P/", I],
  ["dict://127.0.0.1:P/", I],
  ["ws://127.0.0.1:P/", I],
  ["data:text/plain,hello", I],
  ["javascript:alert(1)", I],
  ["http://user:pass@127.0.0.1:P/", I],
  ["http://public.example@127.0.0.1:P/", I],
  ["not a url", I],
  // names whose DNS answers point inside
  ["http://localtest.me:P/", B],
  ["http://sub.localtest.me:P/", B],
  ["http://127.0.0.1.nip.io:P/", B],
  ["http://10.0.0.1.nip.io/", B],
  ["http://169.254.169.254.nip.io/", B],
  ["http://mixed.example:P/", B],
  ["http://mixed6.example:P/", B],
  ["http://v6-loopback.example:P/", B],
  ["http://mapped.example:P/", B],
  ["http://nat64.example:P/", B],
  ["http://zero.example:P/", B],
  ["http://unspecified6.example:P/", B],
  ["http://internal.example/", B],
  ["http://cgnat.example/", B],
  ["http://ula.example/", B],
  ["http://linklocal6.example/", B],
  ["http://metadata-alias.example/", B],
  ["http://ecs.example/", B],
];

/** Redirect targets served by a public-looking, allowed server (each hop must be checked again). */
const redirectCorpus: [string, number, Expected][] = [
  ["http://127.0.0.1:P/", 302, B],
  ["http://127.0.0.1:P/", 301, B],
  ["http://127.0.0.1:P/", 303, B],
  ["http://127.0.0.1:P/", 307, B],
  ["http://127.0.0.1:P/", 308, B],
  ["http://localhost:P/", 302, B],
  ["http://2130706433:P/", 302, B],
  ["http://0x7f.1:P/", 302, B],
  ["http://[::ffff:127.0.0.1]:P/", 302, B],
  ["http://[::1]:P/", 302, B],
  ["http://0.0.0.0:P/", 302, B],
  ["http://localtest.me:P/", 302, B],
  ["//127.0.0.1:P/", 302, B],
  ["https://127.0.0.1:P/", 302, B],
  ["file:///etc/passwd", 302, I],
  ["gopher://127.0.0.1:P/", 302, I],
  ["http://user@127.0.0.1:P/", 307, I],
];

const withPort = (url: string) => url.replaceAll(":P", `:${P}`);

beforeAll(async () => {
  canary = await startLocalServer((_request, response) => response.end("canary"));
  P = canary.port;
  canaryV6 = await startLocalServer((_request, response) => response.end("canary"), {
    host: "::1",
    port: P,
  }).catch(
    () => null, // no IPv6 loopback on this machine: nothing can leak there either
  );
  redirector = await startLocalServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://x").searchParams;
    response.statusCode = Number(query.get("status") ?? 302);
    response.setHeader("location", query.get("to") ?? "/");
    response.end();
  });
});

afterAll(async () => {
  await Promise.all([canary?.close(), canaryV6?.close(), redirector?.close()]);
});

describe("safeFetch SSRF corpus", () => {
  it("has at least 60 direct URLs and the redirect cases", () => {
    expect(directCorpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(directCorpus.map(([url]) => url)).size).toBe(directCorpus.length);
  });

  it.each(directCorpus)("refuses %s", async (template, expected) => {
    const url = withPort(template);
    // The pure check runs first and needs no socket: a hole fails here, before anything is sent.
    const check = async () =>
      resolveOutboundTarget(parseOutboundUrl(url), {
        allowList: parseAllowList(allowList),
        resolveHost,
        signal: new AbortController().signal,
      });
    await expect(check()).rejects.toMatchObject({ code: expected });
    const error = await safeFetch(url, { allowList, resolveHost, timeoutMs: 2000 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.code).toBe(expected);
  });

  it.each(redirectCorpus)("refuses a redirect to %s (%i)", async (template, status, expected) => {
    const before = redirector.requests.length;
    const to = encodeURIComponent(withPort(template));
    const start = `http://public.example:${redirector.port}/redirect?status=${status}&to=${to}`;
    const error = await safeFetch(start, {
      method: "POST",
      body: "x",
      allowList,
      resolveHost,
      timeoutMs: 2000,
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.code).toBe(expected);
    expect(redirector.requests.length).toBe(before + 1);
  });

  it("refuses the last hop of a redirect chain", async () => {
    const before = redirector.requests.length;
    const last = encodeURIComponent(`http://127.0.0.1:${P}/`);
    const middle = encodeURIComponent(`http://public.example:${redirector.port}/redirect?to=${last}`);
    const error = await safeFetch(`http://public.example:${redirector.port}/redirect?to=${middle}`, {
      allowList,
      resolveHost,
    }).catch((caught) => caught);
    expect(error).toMatchObject({ code: "BLOCKED_ADDRESS" });
    expect(redirector.requests.length).toBe(before + 2);
  });

  it("leaves the canary untouched after the whole corpus", () => {
    expect(canary.connections).toBe(0);
    expect(canary.requests).toHaveLength(0);
    expect(canaryV6?.connections ?? 0).toBe(0);
  });
});
