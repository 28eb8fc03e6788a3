// Endpoints 15–17 of api-spec.md and the results list of decisions.md, fed by real chats:
// query names, defaults, counting rules, cursor pagination, shapes and listed errors.
import { createId } from "@parley/db";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError, expectId, expectKeys, expectOk, expectTimestamp, useApps } from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;

/** Three chats on the greeting flow: one only viewed, one answered once, one to the end. */
beforeAll(async () => {
  world = await createWorld(apps);
  const chat = async (replies: string[]) => {
    const sessionId = await world.startSession();
    for (const text of replies) {
      expectOk(
        await call("POST", `${apps.chatUrl}/api/v1/sessions/${sessionId}/continueChat`, {
          token: world.chatKey,
          body: { message: { type: "text", text } },
        }),
      );
    }
  };
  await chat([]);
  await chat(["Ada"]);
  await chat(["Grace", "grace@example.test"]);
});

describe("15 GET /bots/{botId}/analytics/stats", () => {
  it("counts views, starts and completions under `stats`", async () => {
    const body = expectOk(
      await world.api(
        "GET",
        `/bots/${world.bot.id}/analytics/stats?timeFilter=allTime`,
        undefined,
        world.guest.token,
      ),
    );
    expect(body).toEqual({ stats: { totalViews: 3, totalStarts: 2, totalCompleted: 1 } });
  });

  it("accepts every timeFilter value and a timeZone; defaults to last7Days", async () => {
    for (const timeFilter of [
      "today",
      "last7Days",
      "last30Days",
      "monthToDate",
      "lastMonth",
      "yearToDate",
      "allTime",
    ]) {
      const body = expectOk(
        await world.api(
          "GET",
          `/bots/${world.bot.id}/analytics/stats?timeFilter=${timeFilter}&timeZone=Europe/Paris`,
        ),
      );
      expectKeys(body.stats, ["totalViews", "totalStarts", "totalCompleted"]);
      const expected = timeFilter === "lastMonth" ? 0 : 3;
      if (timeFilter !== "today" && timeFilter !== "monthToDate" && timeFilter !== "yearToDate") {
        expect(body.stats.totalViews, timeFilter).toBe(expected);
      }
    }
    const byDefault = expectOk(await world.api("GET", `/bots/${world.bot.id}/analytics/stats`));
    expect(byDefault.stats.totalViews).toBe(3);
  });

  it("answers every listed error", async () => {
    expectError(await world.api("GET", `/bots/${createId()}/analytics/stats`), "NOT_FOUND");
    expectError(
      await world.api("GET", `/bots/${world.bot.id}/analytics/stats?timeZone=Mars/Olympus`),
      "BAD_REQUEST",
    );
    expectError(
      await world.api("GET", `/bots/${world.bot.id}/analytics/stats?timeFilter=yesterday`),
      "BAD_REQUEST",
    );
  });
});

/** Billing is for ADMINs: a missing workspaceId is BAD_REQUEST, a missing workspace NOT_FOUND. */
async function expectBillingErrors(endpoint: "invoices" | "usage") {
  expectError(await world.api("GET", `/billing/${endpoint}`), "BAD_REQUEST");
  expectError(await world.api("GET", `/billing/${endpoint}?workspaceId=${createId()}`), "NOT_FOUND");
  for (const user of [world.member, world.guest, world.outsider]) {
    const path = `/billing/${endpoint}?workspaceId=${world.workspaceId}`;
    expectError(await world.api("GET", path, undefined, user.token), "FORBIDDEN");
  }
}

describe("16 GET /billing/invoices", () => {
  it("answers {invoices} of {id, url, amount, currency, date} to an ADMIN", async () => {
    const body = expectOk(await world.api("GET", `/billing/invoices?workspaceId=${world.workspaceId}`));
    expectKeys(body, ["invoices"]);
    for (const invoice of body.invoices) {
      expectKeys(invoice, ["id", "url", "amount", "currency", "date"]);
      expectId(invoice.id);
      expect(typeof invoice.url).toBe("string");
      expect(typeof invoice.amount).toBe("number");
      expect(typeof invoice.currency).toBe("string");
      expect(Number.isInteger(invoice.date)).toBe(true);
    }
  });

  it("answers every listed error", () => expectBillingErrors("invoices"));
});

describe("17 GET /billing/usage", () => {
  it("answers {totalChatsUsed, resetsAt}: the chats of the current period and the next period's start", async () => {
    const body = expectOk(await world.api("GET", `/billing/usage?workspaceId=${world.workspaceId}`));
    expectKeys(body, ["totalChatsUsed", "resetsAt"]);
    expect(body.totalChatsUsed).toBe(3);
    expectTimestamp(body.resetsAt);
    expect(Date.parse(body.resetsAt)).toBeGreaterThan(Date.now());
  });

  it("answers every listed error", () => expectBillingErrors("usage"));
});

describe("GET /bots/{botId}/results (beyond the spec)", () => {
  it("pages with limit and cursor through {results, nextCursor}, newest first", async () => {
    const first = expectOk(
      await world.api("GET", `/bots/${world.bot.id}/results?limit=2&timeFilter=allTime`),
    );
    expectKeys(first, ["results", "nextCursor"]);
    expect(first.results).toHaveLength(2);
    expect(typeof first.nextCursor).toBe("string");
    const second = expectOk(
      await world.api(
        "GET",
        `/bots/${world.bot.id}/results?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      ),
    );
    expect(second.results).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const results = [...first.results, ...second.results];
    for (const result of results) {
      expect(Object.keys(result)).toEqual(
        expect.arrayContaining(["id", "createdAt", "isCompleted", "variables", "answers"]),
      );
      expectId(result.id);
      expectTimestamp(result.createdAt);
      expect(typeof result.isCompleted).toBe("boolean");
      expect(Array.isArray(result.variables)).toBe(true);
      expect(Array.isArray(result.answers)).toBe(true);
    }
    expect(results.map((result) => result.answers.length)).toEqual([2, 1, 0]);
    expect(results.map((result) => result.isCompleted)).toEqual([true, false, false]);
  });

  it("refuses a malformed cursor or limit", async () => {
    expectError(await world.api("GET", `/bots/${world.bot.id}/results?cursor=garbage`), "BAD_REQUEST");
    expectError(await world.api("GET", `/bots/${world.bot.id}/results?limit=101`), "BAD_REQUEST");
    expectError(await world.api("GET", `/bots/${world.bot.id}/results?limit=abc`), "BAD_REQUEST");
  });
});
