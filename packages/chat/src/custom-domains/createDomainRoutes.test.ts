import { describe, expect, it } from "vitest";
import { createDomainRoutes, findDomainRoute, toRequestHost } from "./createDomainRoutes";

describe("toRequestHost", () => {
  it.each([
    ["chat.example.test", "chat.example.test"],
    ["Chat.Example.TEST:443", "chat.example.test"],
    ["chat.example.test.", "chat.example.test"],
    ["localhost:3001", null],
    ["127.0.0.1:3001", null],
    ["[::1]:3001", null],
    ["chat.example.test/x", null],
    ["<script>", null],
    ["", null],
    [null, null],
  ])("%j is %j", (header, host) => {
    expect(toRequestHost(header)).toBe(host);
  });
});

describe("findDomainRoute", () => {
  const routes = [
    { path: "", botId: "b1", publicId: "root-bot" },
    { path: "/support", botId: "b2", publicId: "support-bot" },
  ];
  it.each([
    ["/", "root-bot"],
    ["/support", "support-bot"],
    ["/Support/", "support-bot"],
    ["/%73upport", "support-bot"],
    ["/support/x", null],
    ["/other", null],
    ["/%E0%A4%A", null],
  ])("%s → %s", (pathname, publicId) => {
    expect(findDomainRoute(routes, pathname)?.publicId ?? null).toBe(publicId);
  });
});

describe("createDomainRoutes", () => {
  it("answers the app's own host, IP addresses and junk without asking the database", async () => {
    const routes = createDomainRoutes({
      getPool: () => {
        throw new Error("the database was asked");
      },
      appHosts: ["chat.parley.test"],
    });
    for (const host of [
      "chat.parley.test",
      "CHAT.parley.test:443",
      "10.0.0.5:3001",
      "localhost",
      null,
      "a b",
    ])
      expect(await routes.lookup(host)).toBeNull();
    await expect(routes.lookup("bot.customer.test")).rejects.toThrow("the database was asked");
  });
});
