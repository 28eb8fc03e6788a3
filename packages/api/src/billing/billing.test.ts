import { getPrisma } from "@parley/db";
import { isChatsLimitReached } from "@parley/platform/billing/isChatsLimitReached";
import {
  createTestBot,
  createTestResult,
  createTestTeam,
  createTestUser,
  teamRoles,
} from "@parley/platform/testing/fixtures";
import fc from "fast-check";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createAgedTeam } from "../testing/createAgedTeam";
import { callApi } from "../testing/fixtures";
import { addMonthsClamped, getBillingPeriod } from "./billingPeriod";
import { closeBillingPeriods, ensureInvoices } from "./ensureInvoices";
import { handleInvoicePageRequest } from "./handleInvoicePageRequest";

const DAY = 24 * 60 * 60 * 1000;

describe("billing periods", () => {
  it("anchors months on the creation instant and clamps short months", () => {
    const anchor = new Date("2026-01-31T10:00:00.000Z");
    expect(addMonthsClamped(anchor, 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonthsClamped(anchor, 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    const period = getBillingPeriod(anchor, new Date("2026-03-01T00:00:00.000Z"));
    expect(period).toEqual({
      index: 1,
      start: new Date("2026-02-28T10:00:00.000Z"),
      end: new Date("2026-03-31T10:00:00.000Z"),
    });
  });

  it("always returns the period that contains now (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 5000 * DAY }),
        (anchor, elapsed) => {
          const now = new Date(anchor.getTime() + elapsed);
          const period = getBillingPeriod(anchor, now);
          return period.start <= now && now < period.end;
        },
      ),
    );
  });
});

describe("isChatsLimitReached", () => {
  it("computes the same period in SQL as in TypeScript (property, against the database)", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const prisma = getPrisma();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { chatsHardLimit: 1 } });
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 800 * DAY }),
        fc.integer({ min: -3 * DAY, max: 3 * DAY }),
        async (anchor, elapsed, resultOffset) => {
          const now = new Date(anchor.getTime() + elapsed);
          const period = getBillingPeriod(anchor, now);
          const resultAt = new Date(period.start.getTime() + resultOffset);
          await prisma.result.deleteMany({ where: { workspaceId: team.workspaceId } });
          await prisma.workspace.update({ where: { id: team.workspaceId }, data: { createdAt: anchor } });
          await createTestResult(bot, { createdAt: resultAt });
          const expected = resultAt >= period.start; // the offset never reaches the period end
          expect(await isChatsLimitReached(prisma, team.workspaceId, now)).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("follows the plan's default limit, the workspace's own limit, and no limit", async () => {
    const team = await createTestTeam();
    const bot = await createTestBot(team.workspaceId);
    const prisma = getPrisma();
    expect(await isChatsLimitReached(prisma, team.workspaceId)).toBe(false);
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { chatsHardLimit: 2 } });
    await createTestResult(bot);
    expect(await isChatsLimitReached(prisma, team.workspaceId)).toBe(false);
    await createTestResult(bot);
    expect(await isChatsLimitReached(prisma, team.workspaceId)).toBe(true);
    await prisma.workspace.update({
      where: { id: team.workspaceId },
      data: { chatsHardLimit: null, plan: "ENTERPRISE" },
    });
    expect(await isChatsLimitReached(prisma, team.workspaceId)).toBe(false);
    expect(await isChatsLimitReached(prisma, "nosuchworkspace")).toBe(false);
  });
});

describe("GET /billing/usage", () => {
  it("counts the chats of the current period, deleted ones included, and gives the next reset", async () => {
    const team = await createAgedTeam(2);
    const bot = await createTestBot(team.workspaceId);
    const period = getBillingPeriod(team.createdAt, new Date());
    await createTestResult(bot, { createdAt: new Date(period.start.getTime() - 1000) });
    await createTestResult(bot, { createdAt: new Date(period.start.getTime() + 1000) });
    const archived = await createTestResult(bot);
    await getPrisma().result.update({ where: { id: archived.id }, data: { isArchived: true } });
    const { status, body } = await callApi("GET", `/billing/usage?workspaceId=${team.workspaceId}`, {
      token: team.admin.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ totalChatsUsed: 2, resetsAt: period.end.toISOString() });
  });

  it("is for ADMINs, needs workspaceId, and answers NOT_FOUND for an unknown workspace", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles) {
      statuses[role] = (
        await callApi("GET", `/billing/usage?workspaceId=${team.workspaceId}`, { token: team[role].token })
      ).status;
    }
    expect(statuses).toEqual({ admin: 200, member: 403, guest: 403, outsider: 403 });
    const missingParam = await callApi("GET", "/billing/usage", { token: team.admin.token });
    expect(missingParam.status).toBe(400);
    expect(missingParam.body.issues[0].path).toEqual(["workspaceId"]);
    expect(
      (await callApi("GET", "/billing/usage?workspaceId=nosuch", { token: team.admin.token })).status,
    ).toBe(404);
    expect((await callApi("GET", `/billing/usage?workspaceId=${team.workspaceId}`)).status).toBe(401);
  });
});

describe("GET /billing/invoices", () => {
  it("invoices every closed period once, newest first, with plan price plus overage", async () => {
    const team = await createAgedTeam(3);
    const prisma = getPrisma();
    await prisma.workspace.update({ where: { id: team.workspaceId }, data: { plan: "STARTER" } });
    const bot = await createTestBot(team.workspaceId);
    const second = getBillingPeriod(team.createdAt, addMonthsClamped(team.createdAt, 1));
    await prisma.result.createMany({
      data: Array.from({ length: 2003 }, (_, index) => ({
        id: `r${index}x${team.workspaceId}`.slice(0, 60),
        botId: bot.id,
        workspaceId: team.workspaceId,
        createdAt: new Date(second.start.getTime() + index),
      })),
    });
    const [first, again] = await Promise.all([
      callApi("GET", `/billing/invoices?workspaceId=${team.workspaceId}`, { token: team.admin.token }),
      callApi("GET", `/billing/invoices?workspaceId=${team.workspaceId}`, { token: team.admin.token }),
    ]);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const { invoices } = first.body;
    expect(invoices).toHaveLength(3);
    expect(invoices.map((invoice: { date: number }) => invoice.date)).toEqual(
      [3, 2, 1].map((k) => addMonthsClamped(team.createdAt, k).getTime()),
    );
    expect(invoices[1]).toEqual({
      id: expect.any(String),
      url: `http://localhost:3000/billing/invoices/${invoices[1].id}`,
      amount: 39.06,
      currency: "usd",
      date: addMonthsClamped(team.createdAt, 2).getTime(),
    });
    expect(invoices[0].amount).toBe(39);
    expect(await ensureInvoices(prisma, { ...team, id: team.workspaceId, plan: "STARTER" })).toBe(0);
    expect(await prisma.invoice.count({ where: { workspaceId: team.workspaceId } })).toBe(3);
  });

  it("is generated by the periodic job too, and answers the listed errors", async () => {
    const team = await createAgedTeam(1);
    await closeBillingPeriods(getPrisma());
    expect(await getPrisma().invoice.count({ where: { workspaceId: team.workspaceId } })).toBe(1);
    const guest = await callApi("GET", `/billing/invoices?workspaceId=${team.workspaceId}`, {
      token: team.guest.token,
    });
    expect(guest.status).toBe(403);
    expect(
      (await callApi("GET", "/billing/invoices?workspaceId=nosuch", { token: team.admin.token })).status,
    ).toBe(404);
    expect(
      (await callApi("GET", "/billing/invoices?workspaceId=a%20b", { token: team.admin.token })).status,
    ).toBe(400);
  });

  it("serves the invoice page to ADMINs of its workspace only", async () => {
    const team = await createAgedTeam(1);
    const { body } = await callApi("GET", `/billing/invoices?workspaceId=${team.workspaceId}`, {
      token: team.admin.token,
    });
    const url = body.invoices[0].url as string;
    const page = (token?: string) =>
      handleInvoicePageRequest(
        new Request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
        url.split("/").pop() as string,
      );
    const ok = await page(team.admin.token);
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain("FREE plan");
    expect(html).toContain("$0.00");
    expect((await page(team.member.token)).status).toBe(403);
    expect((await page(team.outsider.token)).status).toBe(403);
    expect((await page()).status).toBe(401);
  });
});

describe("PATCH /billing/plan", () => {
  it("invoices closed periods at the old plan before switching (an operator's change)", async () => {
    const team = await createAgedTeam(1);
    const operator = await createTestUser();
    vi.stubEnv("ADMIN_EMAILS", operator.email);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const { status, body } = await callApi("PATCH", "/billing/plan", {
      token: operator.token,
      body: { workspaceId: team.workspaceId, plan: "PRO", chatsHardLimit: 500 },
    });
    expect(status).toBe(200);
    expect(body.plan).toMatchObject({
      plan: "PRO",
      includedChats: 10000,
      chatsHardLimit: 500,
      priceCents: 8900,
    });
    const invoices = await getPrisma().invoice.findMany({ where: { workspaceId: team.workspaceId } });
    expect(invoices.map((invoice) => invoice.plan)).toEqual(["FREE"]);
    const plan = await callApi("GET", `/billing/plan?workspaceId=${team.workspaceId}`, {
      token: team.guest.token,
    });
    expect(plan.body.plan.plan).toBe("PRO");
    const invalid = await callApi("PATCH", "/billing/plan", {
      token: operator.token,
      body: { workspaceId: team.workspaceId, plan: "GOLD" },
    });
    expect(invalid.status).toBe(400);
  });
});
