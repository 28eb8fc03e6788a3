import { getRecords, isRecord, type JsonRecord, type WarningSink } from "./jsonRecords";

/**
 * Version 6 replaced the `start` block (first block of a "Start" group) by a `start`
 * event with the group's id and coordinates; the edge leaving the block now leaves the
 * event. The group goes away unless it held other blocks.
 */
export function migrateStartBlockToEvent(bot: JsonRecord, warn: WarningSink): void {
  const groups = getRecords(bot.groups);
  const edges = getRecords(bot.edges);
  const events: JsonRecord[] = [];
  const emptiedGroups = new Set<JsonRecord>();
  for (const [groupIndex, group] of groups.entries()) {
    const blocks = getRecords(group.blocks);
    const startBlock = blocks.find((block) => block.type === "start");
    if (!startBlock) continue;
    if (events.length > 0) {
      warn({ message: "A second start block was removed", path: ["groups", groupIndex] });
    } else {
      const eventId = String(group.id);
      events.push({
        id: eventId,
        type: "start",
        graphCoordinates: isRecord(group.graphCoordinates) ? group.graphCoordinates : { x: 0, y: 0 },
        ...(typeof startBlock.outgoingEdgeId === "string" && { outgoingEdgeId: startBlock.outgoingEdgeId }),
      });
      for (const edge of edges)
        if (isRecord(edge.from) && edge.from.blockId === startBlock.id) edge.from = { eventId };
    }
    group.blocks = blocks.filter((block) => block !== startBlock);
    if (blocks.length === 1) emptiedGroups.add(group);
  }
  bot.groups = groups.filter((group) => !emptiedGroups.has(group));
  bot.events = events;
}
