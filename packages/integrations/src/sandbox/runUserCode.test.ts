import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, readRequestText, startLocalServer } from "../testing/startLocalServer";
import { createSafeFetchBridge } from "./createSafeFetchBridge";
import { runUserCode } from "./runUserCode";
import { getSandboxStats, stopSandboxProcess } from "./sandboxProcess";

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    readRequestText(request).then((body) => {
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          method: request.method,
          path: request.url,
          body,
          auth: request.headers.authorization,
        }),
      );
    });
  });
});

afterAll(async () => {
  await Promise.all([server?.close(), stopSandboxProcess()]);
});

describe("runUserCode", () => {
  it("computes with numbers, strings, dates and JSON", async () => {
    const code = `
      const total = prices.reduce((sum, price) => sum + price, 0);
      const due = new Date(Date.UTC(2024, 0, 31) + 24 * 3600 * 1000);
      return {
        total: Math.round(total * 1.2 * 100) / 100,
        shout: firstName.trim().toUpperCase() + "!",
        initials: firstName.split("").reverse().join(""),
        due: due.toISOString().slice(0, 10),
        weekday: due.getUTCDay(),
        parsed: JSON.parse(raw).items.map((item) => item.n * 2),
        formatted: new Intl.NumberFormat("en-US").format(1234567.5),
      };`;
    const result = await runUserCode({
      code,
      variables: { prices: [10, 20.5], firstName: " ada ", raw: '{"items":[{"n":1},{"n":4}]}' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        total: 36.6,
        shout: "ADA!",
        initials: " ada ",
        due: "2024-02-01",
        weekday: 4,
        parsed: [2, 8],
        formatted: "1,234,567.5",
      },
      setVariables: {},
      logs: [],
    });
  });

  it("exposes identifier keys only, so ids and identifier names both work", async () => {
    const result = await runUserCode({
      code: "return [v_abc123, firstName, typeof setVariable, typeof globalThis['First name']];",
      variables: {
        v_abc123: "by id",
        firstName: "by name",
        "First name": "not an identifier",
        class: 1,
        setVariable: 2,
      },
    });
    expect(result).toMatchObject({ ok: true, value: ["by id", "by name", "function", "undefined"] });
  });

  it("collects setVariable calls (last value wins) and console output", async () => {
    const result = await runUserCode({
      code: `
        setVariable("score", 1);
        setVariable("profile", { name: "Ada", tags: ["a", "b"], at: new Date(0) });
        setVariable("score", score + 41);
        console.log("done", { score: 42 }, [1]);
        console.warn("careful");
        return undefined;`,
      variables: { score: 1 },
    });
    expect(result).toEqual({
      ok: true,
      value: null,
      setVariables: { score: 42, profile: { name: "Ada", tags: ["a", "b"], at: "1970-01-01T00:00:00.000Z" } },
      logs: [
        { level: "log", message: 'done {"score":42} [1]' },
        { level: "warn", message: "careful" },
      ],
    });
  });

  it("copies results out as JSON data", async () => {
    const result = await runUserCode({
      code: "return { n: NaN, f: () => 1, u: undefined, list: [undefined, Infinity], s: Symbol('x'), nested: { ok: true } };",
      variables: {},
    });
    expect(result).toMatchObject({ ok: true, value: { n: null, list: [null, null], nested: { ok: true } } });
    expect(Object.keys((result as { value: object }).value).sort()).toEqual(["list", "n", "nested"]);
  });

  it("reports syntax errors and thrown errors with their message", async () => {
    expect(await runUserCode({ code: "return (", variables: {} })).toMatchObject({
      ok: false,
      error: { code: "ERROR", message: expect.stringContaining("SyntaxError") },
    });
    expect(
      await runUserCode({ code: "console.log('before'); throw new TypeError('bad input')", variables: {} }),
    ).toEqual({
      ok: false,
      error: { code: "ERROR", message: "TypeError: bad input" },
      logs: [{ level: "log", message: "before" }],
    });
    expect(await runUserCode({ code: 42 as unknown as string, variables: {} })).toMatchObject({
      ok: false,
      error: { code: "ERROR" },
    });
  });

  it("awaits fetch through the safeFetch bridge and sees refusals as errors", async () => {
    const fetch = createSafeFetchBridge({ allowList: ["127.0.0.1"] });
    const result = await runUserCode({
      code: `
        const text = await fetch(base + "/items?x=1", { method: "POST", body: JSON.stringify({ a: 1 }), headers: { authorization: "Bearer t" } });
        let refused = null;
        try { await fetch("http://169.254.169.254/latest/meta-data/"); } catch (error) { refused = error.message; }
        return { echo: JSON.parse(text), refused };`,
      variables: { base: server.origin },
      fetch,
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        echo: { method: "POST", path: "/items?x=1", body: '{"a":1}', auth: "Bearer t" },
        refused: expect.stringContaining("not allowed"),
      },
    });
  });

  it("refuses loopback to the bridge without an allow-list, and fetch without a bridge", async () => {
    const before = server.requests.length;
    const blocked = await runUserCode({
      code: "try { await fetch(base + '/x'); return 'reached'; } catch (error) { return error.message; }",
      variables: { base: server.origin },
      fetch: createSafeFetchBridge(),
    });
    expect(blocked).toMatchObject({ ok: true, value: expect.stringContaining("not allowed") });
    const missing = await runUserCode({
      code: "return await fetch(base);",
      variables: { base: server.origin },
    });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: "ERROR", message: expect.stringContaining("fetch is not available") },
    });
    expect(server.requests.length).toBe(before);
  });

  it("runs several jobs at once and returns every isolate to the pool", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        runUserCode({ code: "await null; return index * 2;", variables: { index } }),
      ),
    );
    expect(results.map((result) => (result.ok ? result.value : result.error))).toEqual(
      Array.from({ length: 12 }, (_, index) => index * 2),
    );
    const stats = await getSandboxStats();
    expect(stats.runningJobs).toBe(0);
    expect(stats.liveIsolates).toBe(stats.idleIsolates);
  });
});
