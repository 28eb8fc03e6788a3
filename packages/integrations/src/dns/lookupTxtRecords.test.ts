import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDnsServer, startLocalDnsServer } from "../testing/startLocalDnsServer";
import { lookupTxtRecords } from "./lookupTxtRecords";

let dns: LocalDnsServer;
beforeAll(async () => {
  dns = await startLocalDnsServer();
});
afterAll(() => dns.close());

describe("lookupTxtRecords", () => {
  it("asks the given server and returns each record's text", async () => {
    dns.setTxtRecord("_parley.chat.example.test", ["parley-verification=abc", "v=spf1 -all"]);
    const found = await lookupTxtRecords("_parley.chat.example.test", [dns.address]);
    expect(found).toEqual({ status: "found", values: ["parley-verification=abc", "v=spf1 -all"] });
    expect(dns.queries).toContain("_parley.chat.example.test");
  });

  it("tells a name without a record from a server that does not answer", async () => {
    expect(await lookupTxtRecords("_parley.nothing.example.test", [dns.address])).toEqual({ status: "none" });
    const silent = await startLocalDnsServer();
    await silent.close();
    const failed = await lookupTxtRecords("_parley.chat.example.test", [silent.address]);
    expect(failed.status).toBe("failed");
  });
});
