import { getPgPool, observeStatements } from "@parley/db";
import { describe, expect, it } from "vitest";
import { createPublishedTestBot } from "../../testing/chatFixtures";
import { createLoopFlow } from "../../testing/createLoopFlow";
import { createFlowStore } from "./createFlowStore";

async function countReads(run: () => Promise<unknown>) {
  let reads = 0;
  const stop = observeStatements((text) => {
    if (text.includes('FROM "PublishedBot"')) reads++;
  });
  await run();
  stop();
  return reads;
}

describe("createFlowStore", () => {
  it("reads a published version once, then serves it from memory", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(3));
    const flows = createFlowStore(getPgPool, { maxEntries: 10, maxBytes: 10_000_000 });
    expect(await countReads(() => flows.getPublishedFlow(bot.publishedBotId))).toBe(1);
    const flow = await flows.getPublishedFlow(bot.publishedBotId);
    expect(await countReads(() => flows.getPublishedFlow(bot.publishedBotId))).toBe(0);
    expect(flow?.id).toBe(bot.publishedBotId);
    expect(await flows.getPublishedFlow("no-such-version")).toBeNull();
  });

  it("keeps no more than the memory budget: a large version pushes out the others", async () => {
    const small = await createPublishedTestBot(createLoopFlow(3));
    const large = await createPublishedTestBot(createLoopFlow(300));
    // Room for the small flow's JSON, not for both.
    const flows = createFlowStore(getPgPool, { maxEntries: 10, maxBytes: 20_000 });
    await flows.getPublishedFlow(small.publishedBotId);
    expect(await countReads(() => flows.getPublishedFlow(small.publishedBotId))).toBe(0);
    await flows.getPublishedFlow(large.publishedBotId);
    // The newest is kept whatever its size; the small one was evicted.
    expect(await countReads(() => flows.getPublishedFlow(large.publishedBotId))).toBe(0);
    expect(await countReads(() => flows.getPublishedFlow(small.publishedBotId))).toBe(1);
  });
});
