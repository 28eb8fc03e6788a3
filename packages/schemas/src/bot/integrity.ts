import type { ErrorIssue, IssueCode } from "../errors";
import { botLinkBlock, currentBotId } from "./blocks/logic/botLink";
import { jumpBlock } from "./blocks/logic/jump";
import type { BotDocument } from "./bot";
import type { Edge } from "./edge";
import { type FlowIndex, getExitKey, indexFlow, type JsonPath } from "./indexFlow";
import { listVariableReferences } from "./listVariableReferences";

/**
 * What zod cannot see in a bot document: ids unique per kind, a start event first, every
 * edge joining things that exist, every `outgoingEdgeId` naming an edge that leaves from
 * its owner (and every edge being named by its source), every variable reference declared,
 * Jump targets and same-bot links existing. One issue per violation, with its JSON path.
 */
export function checkBotIntegrity(document: BotDocument): ErrorIssue[] {
  const index = indexFlow(document);
  const issues: ErrorIssue[] = [];
  const report = (code: IssueCode, path: JsonPath, message: string) => issues.push({ code, path, message });

  for (const { kind, id, path } of index.duplicates)
    report("DUPLICATE_ID", path, `The ${kind} id "${id}" is used twice`);
  checkStartEvent(document, report);
  document.edges.forEach((edge, edgeIndex) => {
    checkEdgeEnds(edge, ["edges", edgeIndex], index, report);
  });
  checkOutgoingEdges(index, report);
  for (const { variableId, path } of listVariableReferences(document))
    if (!index.variableIds.has(variableId))
      report("UNKNOWN_VARIABLE", path, `The variable "${variableId}" is not declared in variables`);
  checkGroupTargets(document, index, report);
  return issues;
}

type Report = (code: IssueCode, path: JsonPath, message: string) => void;

function checkStartEvent(document: BotDocument, report: Report) {
  const startEvents = document.events.flatMap((event, eventIndex) =>
    event.type === "start" ? [eventIndex] : [],
  );
  if (startEvents.length === 0 || startEvents[0] !== 0)
    report("MISSING_START_EVENT", ["events", 0], "The first event must be the start event");
  for (const eventIndex of startEvents.slice(1))
    report("MISSING_START_EVENT", ["events", eventIndex, "type"], "A flow has a single start event");
}

function checkEdgeEnds(edge: Edge, path: JsonPath, index: FlowIndex, report: Report) {
  const { from, to } = edge;
  if ("eventId" in from) {
    if (!index.exits.has(`event:${from.eventId}`))
      report("UNKNOWN_REFERENCE", [...path, "from", "eventId"], `No event has the id "${from.eventId}"`);
  } else if (!index.blocks.has(from.blockId)) {
    report("UNKNOWN_REFERENCE", [...path, "from", "blockId"], `No block has the id "${from.blockId}"`);
  } else {
    const field = from.pathId !== undefined ? "pathId" : from.itemId !== undefined ? "itemId" : undefined;
    const exit = index.exits.get(getExitKey(from));
    if (field && (!exit || exit.blockId !== from.blockId))
      report(
        "UNKNOWN_REFERENCE",
        [...path, "from", field],
        `Block "${from.blockId}" has no ${field === "pathId" ? "path" : "item"} "${from[field]}"`,
      );
  }
  const group = index.groups.get(to.groupId);
  if (!group) report("UNKNOWN_REFERENCE", [...path, "to", "groupId"], `No group has the id "${to.groupId}"`);
  else if (to.blockId !== undefined && index.blocks.get(to.blockId)?.groupId !== to.groupId)
    report(
      "UNKNOWN_REFERENCE",
      [...path, "to", "blockId"],
      `Group "${to.groupId}" has no block "${to.blockId}"`,
    );
}

/** Both directions: an exit's `outgoingEdgeId` names an edge leaving it, and an edge is named by its exit. */
function checkOutgoingEdges(index: FlowIndex, report: Report) {
  for (const [key, exit] of index.exits) {
    if (exit.outgoingEdgeId === undefined) continue;
    const path = [...exit.path, "outgoingEdgeId"];
    const target = index.edges.get(exit.outgoingEdgeId);
    if (!target) report("UNKNOWN_REFERENCE", path, `No edge has the id "${exit.outgoingEdgeId}"`);
    else if (getExitKey(target.edge.from) !== key)
      report("EDGE_MISMATCH", path, `Edge "${exit.outgoingEdgeId}" does not leave from here`);
  }
  for (const { edge, path } of index.edges.values()) {
    const exit = index.exits.get(getExitKey(edge.from));
    if (exit && exit.outgoingEdgeId !== edge.id)
      report("EDGE_MISMATCH", [...path, "from"], `The source of edge "${edge.id}" does not point to it`);
  }
}

const isTemplate = (value: string) => value.includes("{{");

/** Jump targets and links to a group of the same bot (by id; `{{variable}}` titles resolve at runtime). */
function checkGroupTargets(document: BotDocument, index: FlowIndex, report: Report) {
  document.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      const path = ["groups", groupIndex, "blocks", blockIndex, "options"];
      const isSameBotTarget =
        block.type === jumpBlock.type ||
        (block.type === botLinkBlock.type && block.options?.botId === currentBotId);
      if (!isSameBotTarget || !block.options) return;
      const { groupId } = block.options;
      if (groupId === undefined || groupId === "" || isTemplate(groupId)) return;
      if (!index.groups.has(groupId)) {
        report("UNKNOWN_REFERENCE", [...path, "groupId"], `No group has the id "${groupId}"`);
        return;
      }
      const blockId = block.type === jumpBlock.type ? block.options.blockId : undefined;
      if (blockId && !isTemplate(blockId) && index.blocks.get(blockId)?.groupId !== groupId)
        report("UNKNOWN_REFERENCE", [...path, "blockId"], `Group "${groupId}" has no block "${blockId}"`);
    });
  });
}
