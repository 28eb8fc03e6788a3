import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createValidFlow } from "../../testing/botFlow";
import { callApi, createApiBot } from "../../testing/fixtures";

/** The valid flow: "Hi {{Name}}", a text input into Name, then Yes → group "Yes" (a condition) / No → "End" ("Bye"). */
const sayNo = {
  id: "says-no",
  name: "Says no and is told bye",
  steps: [
    { type: "inputAsked", inputType: "text input" },
    { type: "text", text: "Ada" },
    { type: "variableEquals", variable: "Name", value: "Ada" },
    { type: "choice", label: "No" },
    { type: "groupReached", group: "End" },
    { type: "messageContains", text: "Bye" },
    { type: "conversationEnded" },
  ],
};
const expectsHello = {
  id: "expects-hello",
  name: "Expects a hello",
  steps: [
    { type: "text", text: "Ada" },
    { type: "messageContains", text: "Hello" },
  ],
};

describe("POST /bots/{botId}/tests/run", () => {
  it("runs the stored tests on the draft: passed, or failed with the first difference", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [sayNo, expectsHello],
    });
    const { status, body } = await callApi("POST", `/bots/${bot.id}/tests/run`, {
      token: team.member.token,
      body: {},
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [
        {
          testId: "says-no",
          name: sayNo.name,
          status: "passed",
          failure: null,
          durationMs: expect.any(Number),
        },
        {
          testId: "expects-hello",
          name: expectsHello.name,
          status: "failed",
          failure: {
            stepIndex: 1,
            code: "EXPECTATION_NOT_MET",
            expected: 'a message containing "Hello"',
            actual: "the bot showed no message since the last answer",
            blockId: null,
          },
          durationMs: expect.any(Number),
        },
      ],
      summary: { total: 2, passed: 1, failed: 1 },
    });
  });

  it("runs only the tests named in testIds; an unknown id is BAD_REQUEST UNKNOWN_TEST", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [sayNo, expectsHello],
    });
    const only = await callApi("POST", `/bots/${bot.id}/tests/run`, {
      token: team.member.token,
      body: { testIds: ["says-no"] },
    });
    expect(only.body.summary).toEqual({ total: 1, passed: 1, failed: 0 });
    const unknown = await callApi("POST", `/bots/${bot.id}/tests/run`, {
      token: team.member.token,
      body: { testIds: ["says-no", "nope"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([
      { code: "UNKNOWN_TEST", path: ["testIds", 1], message: 'The bot has no test with the id "nope"' },
    ]);
  });

  it("runs the given tests instead of the stored ones, saving nothing; an invalid one is BAD_REQUEST at its path", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [sayNo],
    });
    const given = await callApi("POST", `/bots/${bot.id}/tests/run`, {
      token: team.member.token,
      body: { tests: [expectsHello] },
    });
    expect(given.status).toBe(200);
    expect(given.body.results.map((result: { testId: string; status: string }) => result)).toEqual([
      expect.objectContaining({ testId: "expects-hello", status: "failed" }),
    ]);
    const stored = await callApi("GET", `/bots/${bot.id}`, { token: team.member.token });
    expect(stored.body.bot.tests.map((test: { id: string }) => test.id)).toEqual(["says-no"]);
    const invalid = await callApi("POST", `/bots/${bot.id}/tests/run`, {
      token: team.member.token,
      body: { tests: [{ ...sayNo, steps: [{ type: "choice", label: "" }] }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0].path).toEqual(["tests", 0, "steps", 0, "label"]);
  });

  it("lets every member run them (GUEST included) and nobody else", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [sayNo],
    });
    for (const role of ["admin", "member", "guest"] as const) {
      const { status, body } = await callApi("POST", `/bots/${bot.id}/tests/run`, {
        token: team[role].token,
      });
      expect({ role, status, summary: body.summary }).toEqual({
        role,
        status: 200,
        summary: { total: 1, passed: 1, failed: 0 },
      });
    }
    const outsider = await callApi("POST", `/bots/${bot.id}/tests/run`, { token: team.outsider.token });
    expect(outsider.status).toBe(403);
    expect((await callApi("POST", `/bots/${bot.id}/tests/run`)).status).toBe(401);
  });

  describe("an outside call", () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end('{"price": 42}');
    });
    let url = "";
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quote`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const flowWithQuote = () => {
      const flow = createValidFlow();
      flow.variables.push({ id: "vprice", name: "Price" });
      (flow.groups[2]!.blocks as unknown[]).unshift({
        id: "quote",
        type: "Webhook",
        options: {
          webhook: { url, method: "GET" },
          responseVariableMapping: [{ id: "m1", variableId: "vprice", bodyPath: "data.price" }],
        },
      });
      return flow;
    };
    const steps = [
      { type: "text", text: "Ada" },
      { type: "choice", label: "No" },
      { type: "variableEquals", variable: "Price", value: "42" },
    ];

    it("is answered by the test's stub and never sent", async () => {
      const team = await createTestTeam();
      const bot = await createApiBot(team.member.token, team.workspaceId, {
        ...flowWithQuote(),
        tests: [
          {
            id: "t",
            name: "Quote",
            steps,
            stubs: [{ kind: "http", blockId: "quote", body: '{"price": 42}' }],
          },
        ],
      });
      const { body } = await callApi("POST", `/bots/${bot.id}/tests/run`, { token: team.member.token });
      expect(body.summary).toEqual({ total: 1, passed: 1, failed: 0 });
      expect(requests).toBe(0);
    });

    it("without a stub fails the test, naming the block, and is never sent", async () => {
      const team = await createTestTeam();
      const bot = await createApiBot(team.member.token, team.workspaceId, {
        ...flowWithQuote(),
        tests: [{ id: "t", name: "Quote", steps }],
      });
      const { body } = await callApi("POST", `/bots/${bot.id}/tests/run`, { token: team.member.token });
      expect(body.results[0].failure).toEqual({
        stepIndex: 1,
        code: "MISSING_STUB",
        expected: 'a "http" stub for the HTTP request block quote',
        actual:
          'the HTTP request block quote in group "End" called out and the test has no stub for it: tests never call the outside world',
        blockId: "quote",
      });
      expect(requests).toBe(0);
    });
  });
});

describe("tests are stored with the bot", () => {
  it("are saved by PATCH, given back by GET, and checked (an invalid one is BAD_REQUEST at its path)", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, createValidFlow());
    expect(bot.tests).toEqual([]);
    const saved = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { tests: [sayNo] } },
    });
    expect(saved.status).toBe(200);
    const read = await callApi("GET", `/bots/${bot.id}`, { token: team.member.token });
    expect(read.body.bot.tests).toEqual([{ ...sayNo, stubs: [] }]);
    const invalid = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { tests: [{ ...sayNo, steps: [{ type: "messageMatches", pattern: "(" }] }] } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues).toEqual([
      expect.objectContaining({ path: ["bot", "tests", 0, "steps", 0, "pattern"] }),
    ]);
  });

  it("are exported with the bot and imported with it", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId, {
      ...createValidFlow(),
      tests: [sayNo],
    });
    const exported = (await callApi("GET", `/bots/${bot.id}`, { token: team.member.token })).body.bot;
    const imported = await callApi("POST", "/bots/import", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bot: exported },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.bot.tests).toEqual([{ ...sayNo, stubs: [] }]);
    const run = await callApi("POST", `/bots/${imported.body.bot.id}/tests/run`, {
      token: team.member.token,
    });
    expect(run.body.summary).toEqual({ total: 1, passed: 1, failed: 0 });
  });
});
