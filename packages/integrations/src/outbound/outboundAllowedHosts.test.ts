import { afterEach, describe, expect, it, vi } from "vitest";
import { startLocalServer } from "../testing/startLocalServer";

describe("OUTBOUND_ALLOWED_HOSTS", () => {
  const original = process.env.OUTBOUND_ALLOWED_HOSTS;
  afterEach(() => {
    if (original === undefined) delete process.env.OUTBOUND_ALLOWED_HOSTS;
    else process.env.OUTBOUND_ALLOWED_HOSTS = original;
    vi.resetModules();
  });

  it("is parsed once at start-up and refuses an invalid entry", async () => {
    process.env.OUTBOUND_ALLOWED_HOSTS = "api.internal,10.0.0.0/8,nonsense/12";
    vi.resetModules();
    const error = await import("@parley/integrations/env").catch((caught: Error) => caught);
    expect(String((error as Error).message)).toMatch(/OUTBOUND_ALLOWED_HOSTS/);
    expect(String((error as Error).message)).toMatch(/nonsense\/12.{0,2} is not a valid CIDR range/);
  });

  it("opens the configured hosts to safeFetch without a per-call list", async () => {
    const server = await startLocalServer((_request, response) => response.end("configured"));
    try {
      process.env.OUTBOUND_ALLOWED_HOSTS = "api.internal, 127.0.0.1";
      vi.resetModules();
      const { safeFetch } = await import("./safeFetch");
      const response = await safeFetch(`${server.origin}/`);
      expect(response).toMatchObject({ status: 200, bodyText: "configured" });
      await expect(safeFetch("http://10.0.0.1/")).rejects.toMatchObject({ code: "BLOCKED_ADDRESS" });
    } finally {
      await server.close();
    }
  });
});
