/** Test support shared by the engine's tests and the runtime's HTTP replays. */

export {
  type ConversationFixture,
  conversationFixtures,
  type FixtureBotDocument,
  type FixtureTurn,
  materializeFixture,
  summariseTurn,
  type TurnExpectation,
  toFixtureFlow,
} from "./conversationFixtures";
export {
  createFlow,
  createSingleGroupFlow,
  type DraftBlock,
  type DraftEvent,
  type FlowDraft,
  textBlock,
} from "./createFlow";
export { getMessageTexts, startTestChat, type TestChat } from "./createTestChat";
export { createTestPorts, TEST_NOW, type TestPortsOptions } from "./createTestPorts";
export { getBubbleText, getInputItems } from "./getBubbleText";
export { startFixtureHttpServer } from "./startFixtureHttpServer";
