import { botLinkBlock, currentBotId } from "../blocks/logic/botLink";
import { jumpBlock } from "../blocks/logic/jump";
import type { BotDocument } from "../bot";
import { type FlowIndex, getExitKey, indexFlow, type JsonPath } from "../indexFlow";
import { listVariableReferences } from "../listVariableReferences";
import type { WarningSink } from "./jsonRecords";

/**
 * Real exports keep traces of deleted things: edges from removed blocks, exits naming
 * removed edges, references to deleted variables or groups. The runtime would ignore them;
 * an import drops them (each with a warning) so the stored flow passes `checkBotIntegrity`.
 * Duplicate ids are repaired before (`repairDuplicateIds`).
 */
export function repairFlowReferences(document: BotDocument, warn: WarningSink): BotDocument {
  const repaired = structuredClone(document);
  dropDanglingEdges(repaired, warn);
  const index = indexFlow(repaired);
  for (const [key, exit] of index.exits) {
    if (exit.outgoingEdgeId === undefined) continue;
    const edge = index.edges.get(exit.outgoingEdgeId)?.edge;
    if (edge && getExitKey(edge.from) === key) continue;
    deleteAt(repaired, [...exit.path, "outgoingEdgeId"]);
    warn({ message: `A link to the missing edge "${exit.outgoingEdgeId}" was removed`, path: exit.path });
  }
  const repairedIndex = indexFlow(repaired);
  repaired.edges = repaired.edges.filter((edge, edgeIndex) => {
    const isUsed = repairedIndex.exits.get(getExitKey(edge.from))?.outgoingEdgeId === edge.id;
    if (!isUsed) warn({ message: `The unused edge "${edge.id}" was removed`, path: ["edges", edgeIndex] });
    return isUsed;
  });
  for (const { variableId, path } of listVariableReferences(repaired).reverse()) {
    if (repairedIndex.variableIds.has(variableId)) continue;
    deleteAt(repaired, path);
    warn({ message: `A reference to the deleted variable "${variableId}" was removed`, path });
  }
  dropMissingGroupTargets(repaired, repairedIndex, warn);
  return repaired;
}

function dropDanglingEdges(document: BotDocument, warn: WarningSink) {
  const index = indexFlow(document);
  document.edges = document.edges.filter((edge, edgeIndex) => {
    const exit = index.exits.get(getExitKey(edge.from));
    const hasSource = exit !== undefined && ("eventId" in edge.from || exit.blockId === edge.from.blockId);
    const targetBlock = edge.to.blockId === undefined ? undefined : index.blocks.get(edge.to.blockId);
    const hasTarget =
      index.groups.has(edge.to.groupId) &&
      (edge.to.blockId === undefined || targetBlock?.groupId === edge.to.groupId);
    if (!hasSource || !hasTarget)
      warn({
        message: `The edge "${edge.id}" was removed: its ${hasSource ? "target" : "source"} no longer exists`,
        path: ["edges", edgeIndex],
      });
    return hasSource && hasTarget;
  });
}

function dropMissingGroupTargets(document: BotDocument, index: FlowIndex, warn: WarningSink) {
  document.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      const isSameBot =
        block.type === jumpBlock.type ||
        (block.type === botLinkBlock.type && block.options?.botId === currentBotId);
      const options = isSameBot ? block.options : undefined;
      const path = ["groups", groupIndex, "blocks", blockIndex, "options"];
      const groupId = options?.groupId;
      if (!options || !groupId || groupId.includes("{{")) return;
      if (!index.groups.has(groupId)) {
        delete options.groupId;
        if ("blockId" in options) delete options.blockId;
        warn({
          message: `The target group "${groupId}" no longer exists and was unset`,
          path: [...path, "groupId"],
        });
        return;
      }
      const blockId = "blockId" in options ? options.blockId : undefined;
      if (!blockId || blockId.includes("{{") || index.blocks.get(blockId)?.groupId === groupId) return;
      delete (options as { blockId?: string }).blockId;
      warn({
        message: `The target block "${blockId}" no longer exists and was unset`,
        path: [...path, "blockId"],
      });
    });
  });
}

function deleteAt(root: unknown, path: JsonPath) {
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  delete parent[path.at(-1)!];
}
