import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { parseTrustedProxies } from "@parley/config/network/trustedProxies";
import { describe, expect, it } from "vitest";
import { requestFrom } from "../testing/requestFrom";
import {
  CLIENT_ADDRESS_HEADER,
  clientAddressKey,
  resolveClientAddress,
  stampClientAddress,
} from "./clientAddress";

const loopback = parseTrustedProxies("loopback");

describe("resolveClientAddress", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolveClientAddress("198.51.100.7", "203.0.113.1", loopback)).toBe("198.51.100.7");
    expect(resolveClientAddress("127.0.0.2", "203.0.113.1", parseTrustedProxies("127.0.0.1"))).toBe(
      "127.0.0.2",
    );
    expect(resolveClientAddress("127.0.0.1", "203.0.113.1", parseTrustedProxies(""))).toBe("127.0.0.1");
  });

  it("reads X-Forwarded-For from the right, past trusted proxies, when the peer is one", () => {
    // HAProxy on loopback appended the client it saw; what the client wrote on the left is ignored.
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9", loopback)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:127.0.0.1", "203.0.113.9", loopback)).toBe("203.0.113.9");
    expect(resolveClientAddress("::1", "2001:db8::5", loopback)).toBe("2001:db8::5");
    // Two proxies: a TLS terminator at 10.0.0.5 in front of HAProxy on loopback.
    const both = parseTrustedProxies("loopback, 10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.5", both)).toBe("203.0.113.9");
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.5", loopback)).toBe("10.0.0.5");
    expect(resolveClientAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
    expect(resolveClientAddress(undefined, "203.0.113.9", loopback)).toBe("unknown");
  });

  it("refuses a TRUSTED_PROXIES entry that is no address, range or known name, naming it", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.internal")).toThrow(
      "TRUSTED_PROXIES: invalid IP address: proxy.internal",
    );
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES: invalid range/);
  });
});

describe("clientAddressKey", () => {
  it("keys IPv4 (also IPv4-mapped) by address and IPv6 by its /64", () => {
    expect(clientAddressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:db8:1:2:bbbb::7")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("unknown")).toBe("unknown");
  });
});

describe("stampClientAddress", () => {
  it("replaces whatever a client sent under the header with the address of its socket", async () => {
    const server = createServer((incoming: IncomingMessage, outgoing) => {
      stampClientAddress(incoming, parseTrustedProxies("127.0.0.1"));
      outgoing.end(incoming.headers[CLIENT_ADDRESS_HEADER]);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const get = async (from: string) =>
      (
        await requestFrom(from, `http://127.0.0.1:${port}/`, {
          headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.1", "x-forwarded-for": "203.0.113.9" },
        })
      ).text;
    try {
      expect(await get("127.0.0.2")).toBe("127.0.0.2");
      expect(await get("127.0.0.1")).toBe("203.0.113.9");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
