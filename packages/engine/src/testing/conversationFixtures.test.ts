import {
  aiBlockTypes,
  blockTypes,
  botDocumentSchema,
  checkBotIntegrity,
  continueChatResponseSchema,
} from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { continueChat } from "../chat/continueChat";
import { startChat } from "../chat/startChat";
import type { FlowSnapshot } from "../types/flow";
import type { TurnOutcome } from "../types/outcome";
import {
  type ConversationFixture,
  conversationFixtures,
  createTestPorts,
  materializeFixture,
  startFixtureHttpServer,
  summariseTurn,
  toFixtureFlow,
} from ".";

let httpServer: Awaited<ReturnType<typeof startFixtureHttpServer>>;
beforeAll(async () => {
  httpServer = await startFixtureHttpServer();
});
afterAll(() => httpServer.close());

const WORKSPACE = "workspace-fixtures";

const prepare = (fixture: ConversationFixture) => {
  const botIds = Object.fromEntries(
    Object.keys(fixture.linkedBots ?? {}).map((name) => [name, `bot-${name}`]),
  );
  const materialized = materializeFixture(fixture, { httpServerUrl: httpServer.url, botIds });
  const linked: FlowSnapshot[] = Object.entries(materialized.linkedBots ?? {}).map(([name, document]) =>
    toFixtureFlow(document, { id: `flow-${name}`, botId: `bot-${name}`, workspaceId: WORKSPACE }),
  );
  const flow = toFixtureFlow(materialized.bot, {
    id: "flow-root",
    botId: "bot-root",
    workspaceId: WORKSPACE,
  });
  return { materialized, flow, linked };
};

describe.each(conversationFixtures.map((fixture) => [fixture.name, fixture] as const))(
  "fixture %s",
  (_name, fixture) => {
    it("is a valid bot document with sound references", () => {
      const { materialized } = prepare(fixture);
      for (const document of [materialized.bot, ...Object.values(materialized.linkedBots ?? {})]) {
        const parsed = botDocumentSchema.parse(document);
        expect(checkBotIntegrity(parsed)).toEqual([]);
      }
    });

    it("runs turn by turn as scripted, every response within the chat contract", async () => {
      const { materialized, flow, linked } = prepare(fixture);
      const ports = createTestPorts({ bots: linked });
      const start = materialized.start ?? {};
      let outcome: TurnOutcome | undefined;
      for (const [position, turn] of materialized.turns.entries()) {
        const format = turn.format ?? start.textBubbleContentFormat ?? "richText";
        if (position === 0) {
          outcome = await startChat(
            {
              flow,
              isPreview: false,
              resultId: "fixture-result",
              isStreamEnabled: false,
              isOnlyRegistering: start.isOnlyRegistering ?? false,
              textBubbleContentFormat: format,
              ...(start.message ? { message: toReply(start.message) } : {}),
              ...(start.prefilledVariables ? { prefilledVariables: start.prefilledVariables } : {}),
            },
            ports,
          );
        } else {
          if (!outcome) throw new Error("no state");
          const state = JSON.parse(JSON.stringify(outcome.state));
          outcome = await continueChat(
            {
              flow,
              state,
              message: turn.send === undefined || turn.send === null ? null : toReply(turn.send),
              ...(turn.webhookBody === undefined ? {} : { webhookBody: turn.webhookBody }),
              textBubbleContentFormat: format,
            },
            ports,
          );
        }
        expect({ turn: position, ...summariseTurn(outcome.response) }).toMatchObject({
          turn: position,
          ...turn.expect,
        });
        expect(() => continueChatResponseSchema.parse(toWireShape(outcome?.response ?? {}))).not.toThrow();
      }
    });
  },
);

/** The engine says "none" with null; the runtime leaves such fields out of the response it sends. */
const toWireShape = (response: object) =>
  Object.fromEntries(Object.entries(response).filter(([, value]) => value !== null));

const toReply = (message: NonNullable<ConversationFixture["turns"][number]["send"]>) =>
  typeof message === "string" ? { type: "text" as const, text: message } : message;

describe("fixtures together", () => {
  it("cover every block kind the engine runs", () => {
    const types = new Set<string>(
      conversationFixtures.flatMap((fixture) =>
        [fixture.bot, ...Object.values(fixture.linkedBots ?? {})].flatMap((bot) =>
          bot.groups.flatMap((group) => group.blocks.map((block) => block.type)),
        ),
      ),
    );
    const aiTypes: readonly string[] = aiBlockTypes;
    const expected = [...blockTypes.filter((type) => !aiTypes.includes(type)), "openai"];
    expect(expected.filter((type) => !types.has(type))).toEqual([]);
  });
});
