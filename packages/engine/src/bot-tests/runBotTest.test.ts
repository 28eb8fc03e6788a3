import { type BotTestInput, botTestSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createFlow, createTestPorts, textBlock } from "../testing";
import type { FlowSnapshot } from "../types/flow";
import { runBotTest } from "./runBotTest";

/** Ports that fail the test if the runner ever lets a block reach them: tests never call the outside world. */
const closedPorts = () =>
  createTestPorts({
    fetchHttp: async () => {
      throw new Error("a test reached the network");
    },
  });

const run = (flow: FlowSnapshot, test: Omit<BotTestInput, "id" | "name">) =>
  runBotTest({ flow, test: botTestSchema.parse({ id: "t1", name: "Test", ...test }), ports: closedPorts() });

const signUpFlow = createFlow({
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-price", name: "Price" },
  ],
  groups: [
    {
      id: "g-welcome",
      title: "Welcome",
      blocks: [
        textBlock("hello", "Welcome to Acme!"),
        { id: "ask-name", type: "text input", options: { variableId: "v-name" } },
        textBlock("greet", "Nice to meet you, {{Name}}"),
        {
          id: "plan",
          type: "choice input",
          items: [
            { id: "basic", content: "Basic", outgoingEdgeId: "e-basic" },
            { id: "pro", content: "Pro", outgoingEdgeId: "e-pro" },
          ],
        },
      ],
    },
    { id: "g-basic", title: "Basic", blocks: [textBlock("basic-text", "Basic is free")] },
    {
      id: "g-pro",
      title: "Pro",
      blocks: [
        {
          id: "quote",
          type: "Webhook",
          options: {
            webhook: { url: "https://api.example.com/quote", method: "GET" },
            responseVariableMapping: [{ id: "m", variableId: "v-price", bodyPath: "data.price" }],
          },
        },
        textBlock("pro-text", "Pro costs {{Price}} a month"),
      ],
    },
  ],
  edges: [
    { id: "e-basic", from: { blockId: "plan", itemId: "basic" }, to: { groupId: "g-basic" } },
    { id: "e-pro", from: { blockId: "plan", itemId: "pro" }, to: { groupId: "g-pro" } },
  ],
});

const quoteStub = { kind: "http" as const, blockId: "quote", body: '{"price": 42}' };

const happyPath: Omit<BotTestInput, "id" | "name"> = {
  steps: [
    { type: "messageContains", text: "Welcome" },
    { type: "inputAsked", inputType: "text input" },
    { type: "text", text: "Ada" },
    { type: "messageMatches", pattern: "^nice to meet you, ada$", flags: "i" },
    { type: "inputAsked", inputType: "choice input" },
    { type: "variableEquals", variable: "Name", value: "Ada" },
    { type: "choice", label: "Pro" },
    { type: "groupReached", group: "Pro" },
    { type: "messageContains", text: "Pro costs 42 a month" },
    { type: "variableEquals", variable: "Price", value: "42" },
    { type: "conversationEnded" },
  ],
  stubs: [quoteStub],
};

/** The happy path with one step replaced. */
const withStep = (index: number, step: BotTestInput["steps"][number]) => ({
  ...happyPath,
  steps: happyPath.steps.map((current, position) => (position === index ? step : current)),
});

describe("runBotTest", () => {
  it("passes when every step happens as written", async () => {
    expect(await run(signUpFlow, happyPath)).toEqual({
      testId: "t1",
      name: "Test",
      status: "passed",
      failure: null,
    });
  });

  it("reports a message that contains other text, with the messages the bot showed", async () => {
    const result = await run(signUpFlow, withStep(3, { type: "messageContains", text: "Hello Ada" }));
    expect(result).toEqual({
      testId: "t1",
      name: "Test",
      status: "failed",
      failure: {
        stepIndex: 3,
        code: "EXPECTATION_NOT_MET",
        expected: 'a message containing "Hello Ada"',
        actual: 'the bot\'s messages: "Nice to meet you, Ada"',
        blockId: null,
      },
    });
  });

  it("reports a message that does not match the pattern", async () => {
    const result = await run(signUpFlow, withStep(3, { type: "messageMatches", pattern: "^Bye" }));
    expect(result.failure).toMatchObject({
      stepIndex: 3,
      expected: "a message matching /^Bye/",
      actual: 'the bot\'s messages: "Nice to meet you, Ada"',
    });
  });

  it("matches messages in order: a message used by one expectation is not matched again", async () => {
    const steps = [
      { type: "messageContains" as const, text: "Welcome" },
      { type: "messageContains" as const, text: "Welcome" },
    ];
    expect((await run(signUpFlow, { steps })).failure).toMatchObject({
      stepIndex: 1,
      actual: 'no message after "Welcome to Acme!"',
    });
  });

  it("reports another input kind than the one expected", async () => {
    const result = await run(signUpFlow, withStep(4, { type: "inputAsked", inputType: "number input" }));
    expect(result.failure).toMatchObject({
      stepIndex: 4,
      code: "EXPECTATION_NOT_MET",
      expected: "the bot asks for a number input",
      actual: "the bot asked for: choice input",
    });
  });

  it("reports a variable holding another value, an empty one and an unknown name", async () => {
    expect(
      (await run(signUpFlow, withStep(5, { type: "variableEquals", variable: "Name", value: "Grace" })))
        .failure,
    ).toMatchObject({
      stepIndex: 5,
      expected: 'Name = "Grace"',
      actual: 'Name = "Ada"',
    });
    expect(
      (await run(signUpFlow, withStep(5, { type: "variableEquals", variable: "Price", value: "42" })))
        .failure,
    ).toMatchObject({
      actual: "Price is empty",
    });
    expect(
      (await run(signUpFlow, withStep(5, { type: "variableEquals", variable: "Plan", value: "Pro" })))
        .failure,
    ).toMatchObject({
      actual: 'the bot has no variable named "Plan"',
    });
  });

  it("reports a group not reached, naming the groups the bot went through", async () => {
    const result = await run(signUpFlow, withStep(7, { type: "groupReached", group: "Basic" }));
    expect(result.failure).toMatchObject({
      stepIndex: 7,
      expected: 'the bot reaches the group "Basic"',
      actual: 'groups reached: "Pro"',
    });
  });

  it("reports a conversation that goes on, and what it waits for", async () => {
    const result = await run(signUpFlow, { steps: [{ type: "conversationEnded" }] });
    expect(result.failure).toMatchObject({
      stepIndex: 0,
      expected: "the conversation has ended",
      actual: "the bot waits for an answer to a text input",
    });
  });

  it("reports a click on a button the bot does not show", async () => {
    const result = await run(signUpFlow, withStep(6, { type: "choice", label: "Enterprise" }));
    expect(result.failure).toEqual({
      stepIndex: 6,
      code: "VISITOR_STEP_IMPOSSIBLE",
      expected: 'the visitor clicks "Enterprise"',
      actual: 'the buttons shown are "Basic", "Pro"',
      blockId: null,
    });
  });

  it("reports a visitor step after the end of the conversation", async () => {
    const steps = [...happyPath.steps, { type: "text" as const, text: "Thanks" }];
    expect((await run(signUpFlow, { ...happyPath, steps })).failure).toEqual({
      stepIndex: 11,
      code: "VISITOR_STEP_IMPOSSIBLE",
      expected: 'the bot waits for the visitor\'s answer (types "Thanks")',
      actual: "the conversation had ended",
      blockId: null,
    });
  });

  it("fails clearly, naming the block, when an outside call has no stub", async () => {
    const result = await run(signUpFlow, { ...happyPath, stubs: [] });
    expect(result.failure).toEqual({
      stepIndex: 6,
      code: "MISSING_STUB",
      expected: 'a "http" stub for the HTTP request block quote',
      actual:
        'the HTTP request block quote in group "Pro" called out and the test has no stub for it: tests never call the outside world',
      blockId: "quote",
    });
  });

  it("answers the HTTP request with the stub's status and body", async () => {
    const stubs = [{ ...quoteStub, status: 503, body: '{"price": "on request"}' }];
    const steps = [
      { type: "text" as const, text: "Ada" },
      { type: "choice" as const, label: "pro" },
      { type: "messageContains" as const, text: "Pro costs on request a month" },
    ];
    expect(await run(signUpFlow, { steps, stubs })).toMatchObject({ status: "passed" });
  });
});

/** One block of a kind that calls out, then a bubble showing what it saved. */
const oneBlockFlow = (block: Record<string, unknown> & { id: string; type: string }, shown = "{{Out}}") =>
  createFlow({
    variables: [{ id: "v-out", name: "Out" }],
    groups: [{ id: "g", title: "Main", blocks: [block, textBlock("shown", `Saved: ${shown}`)] }],
  });

describe("runBotTest stubs, one per kind of outside call", () => {
  it("http: a client-side HTTP request gets the stub's answer as the client's reply", async () => {
    const flow = oneBlockFlow({
      id: "client-http",
      type: "Webhook",
      options: {
        isExecutedOnClient: true,
        webhook: { url: "https://api.example.com/who" },
        responseVariableMapping: [{ id: "m", variableId: "v-out", bodyPath: "data.name" }],
      },
    });
    const steps = [{ type: "messageContains" as const, text: "Saved: Grace" }];
    expect(
      await run(flow, {
        steps,
        stubs: [{ kind: "http", blockId: "client-http", body: '{"name": "Grace"}' }],
      }),
    ).toMatchObject({ status: "passed" });
    expect((await run(flow, { steps })).failure).toMatchObject({
      code: "MISSING_STUB",
      blockId: "client-http",
    });
  });

  it("ai: the model's answer goes where the block saves the message content; named variables are set", async () => {
    const flow = createFlow({
      variables: [
        { id: "v-out", name: "Out" },
        { id: "v-mood", name: "Mood" },
      ],
      groups: [
        {
          id: "g",
          title: "Main",
          blocks: [
            {
              id: "gpt",
              type: "openai",
              options: {
                credentialsId: "c",
                action: "Create chat completion",
                model: "gpt-4o-mini",
                messages: [{ id: "m1", role: "user", content: "Hi" }],
                responseMapping: [{ id: "r", item: "Message content", variableId: "v-out" }],
              },
            },
            textBlock("shown", "Saved: {{Out}} ({{Mood}})"),
          ],
        },
      ],
    });
    const stubs = [
      { kind: "ai" as const, blockId: "gpt", answer: "Hello from the model", variables: { Mood: "happy" } },
    ];
    const steps = [{ type: "messageContains" as const, text: "Saved: Hello from the model (happy)" }];
    expect(await run(flow, { steps, stubs })).toMatchObject({ status: "passed" });
    expect((await run(flow, { steps })).failure).toMatchObject({
      stepIndex: 0,
      code: "MISSING_STUB",
      expected: 'a "ai" stub for the OpenAI block gpt',
    });
  });

  it("aiAgent: replies in order, then ends the conversation", async () => {
    const flow = oneBlockFlow({ id: "agent", type: "AI agent", options: { credentialsId: "c" } });
    const stubs = [
      {
        kind: "aiAgent" as const,
        blockId: "agent",
        replies: ["It ships tomorrow", "You're welcome"],
        afterLastReply: "end" as const,
      },
    ];
    const steps = [
      { type: "text" as const, text: "Where is my order?" },
      { type: "messageContains" as const, text: "It ships tomorrow" },
      { type: "text" as const, text: "Thanks" },
      { type: "messageContains" as const, text: "You're welcome" },
      { type: "conversationEnded" as const },
    ];
    expect(await run(flow, { steps, stubs })).toMatchObject({ status: "passed" });
    expect((await run(flow, { steps })).failure).toMatchObject({
      stepIndex: 0,
      code: "MISSING_STUB",
      blockId: "agent",
    });
  });

  it("email: the stub stands for the sending; without one the test fails", async () => {
    const flow = oneBlockFlow(
      { id: "mail", type: "Email", options: { recipients: ["owner@example.com"], subject: "New lead" } },
      "mail",
    );
    const steps = [{ type: "messageContains" as const, text: "Saved: mail" }];
    expect(await run(flow, { steps, stubs: [{ kind: "email", blockId: "mail" }] })).toMatchObject({
      status: "passed",
    });
    expect(
      await run(flow, { steps, stubs: [{ kind: "email", blockId: "mail", outcome: "failed" }] }),
    ).toMatchObject({
      status: "passed",
    });
    expect((await run(flow, { steps })).failure).toMatchObject({ code: "MISSING_STUB", blockId: "mail" });
  });

  it("googleSheets: rows are read from the stub's table", async () => {
    const flow = oneBlockFlow({
      id: "sheet",
      type: "Google Sheets",
      options: {
        credentialsId: "c",
        spreadsheetId: "s",
        sheetId: "0",
        action: "Get data from sheet",
        totalRowsToExtract: "First",
        cellsToExtract: [{ id: "c1", column: "Email", variableId: "v-out" }],
      },
    });
    const stubs = [
      {
        kind: "googleSheets" as const,
        blockId: "sheet",
        header: ["Name", "Email"],
        rows: [["Ada", "ada@example.com"]],
      },
    ];
    const steps = [{ type: "messageContains" as const, text: "Saved: ada@example.com" }];
    expect(await run(flow, { steps, stubs })).toMatchObject({ status: "passed" });
    expect((await run(flow, { steps })).failure).toMatchObject({ code: "MISSING_STUB", blockId: "sheet" });
  });

  it("plugin: the stub answers the plug-in block with the values it saves; a failed one saves nothing", async () => {
    const flow = oneBlockFlow({
      id: "dify",
      type: "dify-ai",
      options: {
        credentialsId: "c",
        action: "Create Chat Message",
        query: "Hi",
        responseMapping: [{ id: "r", item: "Message content", variableId: "v-out" }],
      },
    });
    const steps = [{ type: "messageContains" as const, text: "Saved: Hello from Dify" }];
    const stub = { kind: "plugin" as const, blockId: "dify", variables: { Out: "Hello from Dify" } };
    expect(await run(flow, { steps, stubs: [stub] })).toMatchObject({ status: "passed" });
    expect((await run(flow, { steps, stubs: [{ ...stub, outcome: "failed" }] })).failure).toMatchObject({
      stepIndex: 0,
      code: "EXPECTATION_NOT_MET",
      actual: 'the bot\'s messages: "Saved: "',
    });
    expect((await run(flow, { steps })).failure).toEqual({
      stepIndex: 0,
      code: "MISSING_STUB",
      expected: 'a "plugin" stub for the Dify block dify',
      actual:
        'the Dify block dify in group "Main" called out and the test has no stub for it: tests never call the outside world',
      blockId: "dify",
    });
  });

  it("plugin: every plug-in kind (PostHog, Segment, NocoDB) needs its stub; a list value fills a list variable", async () => {
    const flow = createFlow({
      variables: [{ id: "v-out", name: "Out" }],
      groups: [
        {
          id: "g",
          title: "Track",
          blocks: [
            { id: "ph", type: "posthog", options: { credentialsId: "c", action: "Capture", event: "lead" } },
            {
              id: "seg",
              type: "segment",
              options: { credentialsId: "c", action: "Track", eventName: "lead" },
            },
            {
              id: "noco",
              type: "nocodb",
              options: {
                credentialsId: "c",
                action: "Search Records",
                tableId: "m1",
                responseMapping: [{ id: "r", fieldName: "Name", variableId: "v-out" }],
              },
            },
            textBlock("shown", "Saved: {{Out}}"),
          ],
        },
      ],
    });
    const steps = [{ type: "variableEquals" as const, variable: "Out", value: "Ada, Grace" }];
    const stubs = [
      { kind: "plugin" as const, blockId: "ph" },
      { kind: "plugin" as const, blockId: "seg" },
      { kind: "plugin" as const, blockId: "noco", variables: { Out: ["Ada", "Grace"] } },
    ];
    expect((await run(flow, { steps, stubs })).failure).toBeNull();
    for (const [index, label] of [
      [0, "PostHog"],
      [1, "Segment"],
      [2, "NocoDB"],
    ] as const)
      expect(
        (await run(flow, { steps, stubs: stubs.filter((_, position) => position !== index) })).failure,
      ).toMatchObject({
        code: "MISSING_STUB",
        blockId: stubs[index]!.blockId,
        expected: `a "plugin" stub for the ${label} block ${stubs[index]!.blockId}`,
      });
  });

  it("webhook: the waiting block gets the stub's body as the outside system's call", async () => {
    const flow = oneBlockFlow({
      id: "listen",
      type: "webhook",
      options: { responseVariableMapping: [{ id: "m", variableId: "v-out", bodyPath: "data.order" }] },
    });
    const steps = [{ type: "messageContains" as const, text: "Saved: A-17" }];
    expect(
      await run(flow, { steps, stubs: [{ kind: "webhook", blockId: "listen", body: { order: "A-17" } }] }),
    ).toMatchObject({
      status: "passed",
    });
    expect((await run(flow, { steps })).failure).toEqual({
      stepIndex: 0,
      code: "MISSING_STUB",
      expected: 'a "webhook" stub for the Webhook block listen',
      actual:
        'the Webhook block listen in group "Main" called out and the test has no stub for it: tests never call the outside world',
      blockId: "listen",
    });
  });

  it("payment: a paid stub answers the payment form; a failed one declines it", async () => {
    const flow = oneBlockFlow(
      { id: "pay", type: "payment input", options: { credentialsId: "c", amount: "10", currency: "EUR" } },
      "paid",
    );
    const steps = [
      { type: "inputAsked" as const, inputType: "payment input" as const },
      { type: "messageContains" as const, text: "Saved: paid" },
    ];
    expect(await run(flow, { steps, stubs: [{ kind: "payment", blockId: "pay" }] })).toMatchObject({
      status: "passed",
    });
    expect(
      (await run(flow, { steps, stubs: [{ kind: "payment", blockId: "pay", outcome: "failed" }] })).failure,
    ).toMatchObject({ stepIndex: 0, actual: "the conversation ended without asking anything" });
    expect((await run(flow, { steps })).failure).toMatchObject({ code: "MISSING_STUB", blockId: "pay" });
  });
});
