import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock, type ServiceServer, startServiceServer } from "../../testing/pluginHarness";

const apiKey = createTestApiKey("cal_live");
let calCom: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

/** Cal.com API v2's answer to GET /v2/slots (cal-api-version 2024-09-04): free start times by day. */
const slotsAnswer = {
  status: "success",
  data: {
    "2026-08-22": [{ start: "2026-08-22T09:00:00.000+02:00" }, { start: "2026-08-22T09:30:00.000+02:00" }],
    "2026-08-21": [{ start: "2026-08-21T15:00:00.000+02:00" }],
  },
};

beforeAll(async () => {
  calCom = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    {
      type: "cal-com",
      name: "self-hosted",
      data: { baseUrl: "https://book.example.com/", apiKey, apiUrl: calCom.origin },
    },
    { type: "cal-com", name: "public", data: { baseUrl: "https://cal.com", apiUrl: calCom.origin } },
  ]);
});
afterAll(() => calCom.close());
beforeEach(() => {
  calCom.received.length = 0;
  calCom.answer = (_request, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(slotsAnswer));
});

const runCalCom = (
  options: Record<string, unknown>,
  credentials: "self-hosted" | "public" | null = "self-hosted",
) =>
  runPluginBlock(workspace.workspaceId, {
    id: "calcom",
    type: "cal-com",
    options: {
      ...(credentials ? { credentialsId: workspace.credentialsIds[credentials] } : {}),
      ...options,
    },
  });

describe("Cal.com block", () => {
  it("Book event shows the booking embed of the account's origin, waits, and saves the booked date", async () => {
    const { chat } = await runCalCom({
      action: "Book event",
      link: "https://book.example.com/ada/intro-call?duration=30",
      layout: "Weekly",
      name: "Ada",
      email: "{{Email}}",
      saveBookedDateInVariableId: "v-out",
    });
    const [bubble] = chat.outcome.response.messages;
    expect(bubble).toMatchObject({
      id: "calcom",
      type: "custom-embed",
      content: {
        url: "https://book.example.com/ada/intro-call?embed=true&layout=week_view",
        initFunction: {
          args: {
            origin: "https://book.example.com",
            scriptUrl: "https://book.example.com/embed/embed.js",
            link: "ada/intro-call",
            layout: "week_view",
            name: "Ada",
            email: "ada@example.com",
            phone: null,
            notes: null,
          },
        },
      },
    });
    // The visitor's values are arguments, never part of the code.
    expect(JSON.stringify(bubble)).not.toMatch(/content":"[^"]*ada@example.com/);
    expect(chat.outcome.response.input ?? null).toBeNull();
    expect(chat.outcome.isCompleted).toBe(false);
    expect(chat.outcome.state.waitingFor).toMatchObject({ kind: "dedicatedReply", action: "embedEvent" });
    // No request to Cal.com's API: the embed talks to Cal.com from the visitor's page.
    expect(calCom.received).toEqual([]);

    const next = await chat.send("2026-08-24T09:00:00.000Z");
    expect(next.state.frames[0]!.variables["v-out"]).toBe("2026-08-24T09:00:00.000Z");
    expect(next.response.input?.type).toBe("text input");
  });

  it("Book event without an account uses Cal.com's cloud", async () => {
    const { chat } = await runCalCom({ link: "ada/intro" }, null);
    expect(chat.outcome.response.messages[0]).toMatchObject({
      type: "custom-embed",
      content: {
        url: "https://cal.com/ada/intro?embed=true&layout=month_view",
        initFunction: {
          args: { origin: "https://cal.com", scriptUrl: "https://app.cal.com/embed/embed.js" },
        },
      },
    });
  });

  it("Get available slots asks Cal.com API v2 for the event's free times and saves them as a list", async () => {
    const { logs, variables } = await runCalCom({
      action: "Get available slots",
      link: "ada/intro-call",
      startDate: "2026-08-21",
      endDate: "2026-08-23",
      timeZone: "Europe/Paris",
      saveSlotsInVariableId: "v-out",
    });
    expect(logs).toEqual([{ status: "success", description: "Cal.com: 3 free slots" }]);
    expect(variables["v-out"]).toEqual([
      "2026-08-21T15:00:00.000+02:00",
      "2026-08-22T09:00:00.000+02:00",
      "2026-08-22T09:30:00.000+02:00",
    ]);
    const [request] = calCom.received;
    expect(request!.method).toBe("GET");
    expect(request!.path).toBe(
      "/v2/slots?username=ada&eventTypeSlug=intro-call&start=2026-08-21&end=2026-08-23&timeZone=Europe%2FParis",
    );
    expect(request!.headers["cal-api-version"]).toBe("2024-09-04");
    expect(request!.headers.authorization).toBe(`Bearer ${apiKey}`);
  });

  it("asks for a team's event without a key, from today for a week by default", async () => {
    await runCalCom({ action: "Get available slots", link: "team/support/onboarding" }, "public");
    const [request] = calCom.received;
    expect(request!.path).toBe(
      "/v2/slots?teamSlug=support&eventTypeSlug=onboarding&start=2026-08-21&end=2026-08-28&timeZone=UTC",
    );
    expect(request!.headers.authorization).toBeUndefined();
  });

  it("logs Cal.com's refusal without the key, and a block without link", async () => {
    calCom.answer = (_request, response) =>
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ status: "error", error: { message: `Event type not found (${apiKey})` } }));
    const refused = await runCalCom({
      action: "Get available slots",
      link: "ada/nope",
      saveSlotsInVariableId: "v-out",
    });
    expect(refused.logs).toHaveLength(1);
    expect(refused.logs[0]).toMatchObject({
      status: "error",
      description: "Cal.com refused the availability request",
    });
    expect(refused.logs[0]!.details).toContain("404");
    expect(refused.logs[0]!.details).not.toContain(apiKey);
    expect(refused.variables["v-out"]).toBeUndefined();
    const noLink = await runCalCom({ action: "Book event" });
    expect(noLink.logs).toEqual([
      { status: "error", description: "Cal.com Book event: no event link; skipped" },
    ]);
    expect(noLink.chat.outcome.response.messages).toEqual([]);
    expect(noLink.chat.outcome.response.input?.type).toBe("text input");
  });
});
