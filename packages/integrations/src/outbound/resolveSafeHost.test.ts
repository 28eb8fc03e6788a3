import { describe, expect, it } from "vitest";
import { OutboundError } from "./OutboundError";
import { resolveSafeHost } from "./resolveSafeHost";

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof OutboundError ? error.code : String(error)),
  );

describe("resolveSafeHost", () => {
  it("pins a public name to its checked address", async () => {
    const resolved = await resolveSafeHost("smtp.example.test", {
      resolveHost: async () => ["93.184.216.34"],
    });
    expect(resolved).toEqual({ hostName: "smtp.example.test", address: "93.184.216.34", family: 4 });
  });

  it.each([["127.0.0.1"], ["localhost"], ["[::1]"], ["169.254.169.254"], ["10.1.2.3"], ["0.0.0.0"]])(
    "refuses %s",
    async (host) => {
      expect(await codeOf(resolveSafeHost(host))).toBe("BLOCKED_ADDRESS");
    },
  );

  it("refuses a name when any of its addresses is private (rebinding)", async () => {
    const resolveHost = async () => ["93.184.216.34", "192.168.1.10"];
    expect(await codeOf(resolveSafeHost("mail.example.test", { resolveHost }))).toBe("BLOCKED_ADDRESS");
  });

  it("opens loopback only through the allow-list", async () => {
    expect(await resolveSafeHost("127.0.0.1", { allowList: ["127.0.0.1"] })).toMatchObject({
      address: "127.0.0.1",
    });
  });

  it("refuses what is not a host name", async () => {
    expect(await codeOf(resolveSafeHost("smtp.example.com/path"))).toBe("INVALID_URL");
    expect(await codeOf(resolveSafeHost(""))).toBe("INVALID_URL");
  });
});
