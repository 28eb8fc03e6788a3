import { describe, expect, it } from "vitest";
import { createRouteLabeler, pathOf, toRoutePattern, UNMATCHED_ROUTE } from "./metrics";

describe("route labels of the HTTP metrics", () => {
  const label = createRouteLabeler(
    [
      "/api/health",
      "/bots/preview/startChat",
      "/api/v1/sessions/{sessionId}/continueChat",
      "/bots/{publicId}/startChat",
      "/fonts/[file]",
      "/api/v1/[...path]",
      "/docs/[[...slug]]",
      "/[publicId]",
    ].map(toRoutePattern),
  );

  it("names the route pattern, never the ids of the path", () => {
    expect(label("/api/health")).toBe("/api/health");
    expect(label("/api/v1/sessions/cm0abc123/continueChat")).toBe(
      "/api/v1/sessions/{sessionId}/continueChat",
    );
    expect(label("/bots/preview/startChat")).toBe("/bots/preview/startChat");
    expect(label("/bots/my-bot/startChat")).toBe("/bots/{publicId}/startChat");
    expect(label("/fonts/inter.woff2")).toBe("/fonts/[file]");
    expect(label("/api/v1/workspaces/w1/bots")).toBe("/api/v1/[...path]");
    expect(label("/docs")).toBe("/docs/[[...slug]]");
    expect(label("/docs/a/b")).toBe("/docs/[[...slug]]");
    expect(label("/my-bot")).toBe("/[publicId]");
    expect(label("/my-bot/")).toBe("/[publicId]");
  });

  it("labels a path no route serves as unmatched", () => {
    expect(label("/a/b/c")).toBe(UNMATCHED_ROUTE);
    expect(label("/fonts/a/b")).toBe(UNMATCHED_ROUTE);
  });

  it("takes the path of a request target without its query", () => {
    expect(pathOf("/api/health?probe=1")).toBe("/api/health");
    expect(pathOf("/api/health")).toBe("/api/health");
    expect(pathOf(undefined)).toBe("/");
  });
});

describe("the process role of an entry script", () => {
  it("is its name in kebab case", async () => {
    const { roleOfEntryScript } = await import("./processRole");
    expect(roleOfEntryScript("/app/scripts/chatServer.ts")).toBe("chat-server");
    expect(roleOfEntryScript("/app/dist/server/cli.mjs")).toBe("cli");
    expect(roleOfEntryScript(undefined)).toBe("node");
  });
});

describe("parley_rate_limit_refusals_total", () => {
  it("counts each refused call under its limit's name, not the allowed ones", async () => {
    const { getPgPool } = await import("@parley/db");
    const { createRateLimitStore } = await import("./limits/rateLimits");
    const { getMetrics } = await import("./metrics");
    const store = createRateLimitStore({ pool: getPgPool() });
    const refusals = async () =>
      (await getMetrics().rateLimitRefusals.get()).values.find(
        (value) => value.labels.limit === "test.metrics-refusals",
      )?.value ?? 0;
    const call = { name: "test.metrics-refusals", key: `k-${Date.now()}`, points: 2, durationSeconds: 60 };
    const before = await refusals();
    const outcomes = [];
    for (let index = 0; index < 4; index++) outcomes.push((await store.consume(call)).allowed);
    expect(outcomes).toEqual([true, true, false, false]);
    expect(await refusals()).toBe(before + 2);
  });
});
