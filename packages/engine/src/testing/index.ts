/** Test support shared by the engine's tests and the runtime's HTTP replays. */
export { createFlow, type FlowDraft, textBlock } from "./createFlow";
export { getBubbleText, getMessageTexts, startTestChat, type TestChat } from "./createTestChat";
export { createTestPorts, TEST_NOW, type TestPortsOptions } from "./createTestPorts";
