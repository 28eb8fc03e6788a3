import { type Block, isInputBlock } from "../blocks";
import { aiAgentBlock, getAiAgentPathToolName } from "../blocks/integrations/aiAgent";
import { chatwootBlock } from "../blocks/integrations/chatwoot";
import { googleAnalyticsBlock } from "../blocks/integrations/googleAnalytics";
import { httpRequestBlock } from "../blocks/integrations/httpRequest";
import { pixelBlock } from "../blocks/integrations/pixel";
import { botLinkBlock, currentBotId } from "../blocks/logic/botLink";
import { codeBlock } from "../blocks/logic/code";
import { humanHandoffBlock } from "../blocks/logic/humanHandoff";
import { jumpBlock } from "../blocks/logic/jump";
import { redirectBlock } from "../blocks/logic/redirect";
import { setVariableBlock } from "../blocks/logic/setVariable";
import type { BotDocument } from "../bot";
import { isVariableReferenceKey } from "../listVariableReferences";
import type { FlowCheckRule } from "./flowCheckRules";
import {
  type GroupLink,
  getBlockTargetGroup,
  isBranchingBlock,
  isWaitingBlock,
  listEntryGroupIds,
  listGroupLinks,
} from "./flowGraph";

export { type FlowCheckRule, flowCheckRules } from "./flowCheckRules";

/** What the checker found: errors stop a publish, warnings are shown. */
export interface FlowCheckFinding {
  rule: FlowCheckRule;
  severity: "error" | "warning";
  message: string;
  groupId: string;
  /** Absent when the whole group is concerned. */
  blockId?: string;
}

type Group = BotDocument["groups"][number];
/** An item's own exit, and a card's buttons (each with its exit). */
type ItemExits = { outgoingEdgeId?: string; paths?: { outgoingEdgeId?: string }[] };
type Report = (finding: FlowCheckFinding) => void;

/**
 * The flow checker run at publish time and on the canvas: one rule per pitfall an author cannot see
 * in the editor (groups nothing leads to, answers leading nowhere, variables read but never set,
 * jumps to nothing, endless loops, blocks a messaging channel skips, AI agent tools the model cannot
 * tell apart, hand-over paths that reach no Talk to a human block). Pure: the same document always gives the same findings, in the order of the rules.
 */
export function checkFlow(document: BotDocument): FlowCheckFinding[] {
  const findings: FlowCheckFinding[] = [];
  const report: Report = (finding) => findings.push(finding);
  const links = listGroupLinks(document);
  checkUnreachableGroups(document, links, report);
  checkInputsWithoutWayForward(document, report);
  checkVariablesNeverSet(document, report);
  checkJumpTargets(document, report);
  checkLoopsWithoutInput(document, links, report);
  checkBlocksNotOnMessaging(document, report);
  checkAiToolDescriptions(document, report);
  checkHandoverPaths(document, report);
  return findings;
}

const groupName = (group: Group) => (group.title ? `"${group.title}"` : "This group");

function checkUnreachableGroups(document: BotDocument, links: GroupLink[], report: Report) {
  const reached = new Set<string>();
  const queue = listEntryGroupIds(document);
  while (queue.length > 0) {
    const groupId = queue.pop()!;
    if (reached.has(groupId)) continue;
    reached.add(groupId);
    for (const link of links) if (link.from.groupId === groupId) queue.push(link.toGroupId);
  }
  for (const group of document.groups)
    if (!reached.has(group.id))
      report({
        rule: "UNREACHABLE_GROUP",
        severity: "warning",
        message: `${groupName(group)} is never reached from the start: nothing leads to it`,
        groupId: group.id,
      });
}

function checkInputsWithoutWayForward(document: BotDocument, report: Report) {
  for (const group of document.groups) {
    const last = group.blocks[group.blocks.length - 1];
    if (!last || !isInputBlock(last) || last.outgoingEdgeId) continue;
    const items: readonly ItemExits[] = "items" in last ? last.items : [];
    const itemsWithoutEdge = items.filter(
      (item) => !item.outgoingEdgeId && !item.paths?.some((path) => path.outgoingEdgeId),
    );
    if (items.length > 0 && itemsWithoutEdge.length === 0) continue;
    if (itemsWithoutEdge.length < items.length) {
      report({
        rule: "INPUT_WITHOUT_WAY_FORWARD",
        severity: "warning",
        message: `${itemsWithoutEdge.length} of this input's ${items.length} options lead nowhere: the chat ends when the visitor picks one`,
        groupId: group.id,
        blockId: last.id,
      });
    } else {
      report({
        rule: "INPUT_WITHOUT_WAY_FORWARD",
        severity: "warning",
        message: "Nothing follows this input: the chat ends as soon as the visitor answers",
        groupId: group.id,
        blockId: last.id,
      });
    }
  }
}

const templatePattern = /\{\{([^{}]+)\}\}/g;
/** Option keys naming a variable that is read, not written (comparisons, the list a Loop goes through). */
const readKeys = new Set(["listVariableId"]);

function checkVariablesNeverSet(document: BotDocument, report: Report) {
  const setIds = new Set(document.variables.filter((variable) => variable.value != null).map((v) => v.id));
  const reads: { variableId: string; groupId: string; blockId: string }[] = [];
  const byName = new Map(document.variables.map((variable) => [variable.name, variable.id]));
  for (const group of document.groups) {
    for (const block of group.blocks) {
      walkBlockValues(block, (key, value, isInComparison) => {
        if (typeof value !== "string" || value === "") return;
        if (isVariableReferenceKey(key)) {
          if (isInComparison || readKeys.has(key))
            reads.push({ variableId: value, groupId: group.id, blockId: block.id });
          else setIds.add(value);
          return;
        }
        for (const match of value.matchAll(templatePattern)) {
          const variableId = byName.get(match[1]!.trim());
          if (variableId) reads.push({ variableId, groupId: group.id, blockId: block.id });
        }
      });
    }
  }
  const reported = new Set<string>();
  for (const read of reads) {
    const key = `${read.blockId}:${read.variableId}`;
    if (setIds.has(read.variableId) || reported.has(key)) continue;
    reported.add(key);
    const name =
      document.variables.find((variable) => variable.id === read.variableId)?.name ?? read.variableId;
    report({
      rule: "VARIABLE_NEVER_SET",
      severity: "warning",
      message: `{{${name}}} is read here but no block sets it and it has no default value: it stays empty unless the page passes it`,
      groupId: read.groupId,
      blockId: read.blockId,
    });
  }
}

/** Every key and value of a block's JSON (depth first), saying whether it sits inside a condition's comparisons. */
function walkBlockValues(
  block: Block,
  visit: (key: string, value: unknown, isInComparison: boolean) => void,
) {
  const stack: { value: unknown; isInComparison: boolean }[] = [{ value: block, isInComparison: false }];
  while (stack.length > 0) {
    const { value, isInComparison } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const childInComparison = isInComparison || key === "comparisons";
      if (typeof child === "object" && child !== null)
        stack.push({ value: child, isInComparison: childInComparison });
      else visit(Array.isArray(value) ? "" : key, child, childInComparison);
    }
  }
}

function checkJumpTargets(document: BotDocument, report: Report) {
  const groupIds = new Set(document.groups.map((group) => group.id));
  for (const group of document.groups) {
    for (const block of group.blocks) {
      const isSameBotTarget =
        block.type === jumpBlock.type ||
        (block.type === botLinkBlock.type && block.options?.botId === currentBotId);
      if (!isSameBotTarget) continue;
      const groupId = block.options?.groupId;
      if (groupId && (groupId.includes("{{") || groupIds.has(groupId))) continue;
      report({
        rule: "JUMP_TO_MISSING_GROUP",
        severity: "error",
        message: groupId
          ? `This block leads to a group that no longer exists`
          : "This block leads nowhere: choose the group to go to",
        groupId: group.id,
        blockId: block.id,
      });
    }
  }
}

/** Groups that lead back to themselves without any block waiting for the visitor run until the walk is stopped. */
function checkLoopsWithoutInput(document: BotDocument, links: GroupLink[], report: Report) {
  const groups = new Map(document.groups.map((group) => [group.id, group]));
  for (const cycle of listGroupCycles(
    document,
    links.filter((link) => !link.isBounded),
  )) {
    const cycleGroups = cycle.flatMap((groupId) => groups.get(groupId) ?? []);
    if (cycleGroups.some((group) => group.blocks.some(isWaitingBlock))) continue;
    const canLeave = cycleGroups.some((group) => group.blocks.some(isBranchingBlock));
    const names = cycleGroups.map((group) => group.title || group.id).join(" → ");
    for (const group of cycleGroups)
      report({
        rule: "LOOP_WITHOUT_INPUT",
        severity: canLeave ? "warning" : "error",
        message: canLeave
          ? `These groups loop without asking anything (${names}): make sure a condition ends the loop`
          : `These groups loop forever without asking anything (${names}): the chat would be stopped`,
        groupId: group.id,
      });
  }
}

/** The strongly connected groups that form a cycle (Tarjan's algorithm, iterative), each in document order. */
function listGroupCycles(document: BotDocument, links: GroupLink[]): string[][] {
  const next = new Map<string, string[]>();
  for (const link of links)
    next.set(link.from.groupId, [...(next.get(link.from.groupId) ?? []), link.toGroupId]);
  const order = new Map(document.groups.map((group, index) => [group.id, index]));
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const root of order.keys()) {
    if (index.has(root)) continue;
    const work: { groupId: string; childIndex: number }[] = [{ groupId: root, childIndex: 0 }];
    index.set(root, counter);
    lowLink.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = (next.get(frame.groupId) ?? []).filter((child) => order.has(child));
      if (frame.childIndex < children.length) {
        const child = children[frame.childIndex++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          lowLink.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ groupId: child, childIndex: 0 });
        } else if (onStack.has(child)) {
          lowLink.set(frame.groupId, Math.min(lowLink.get(frame.groupId)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        lowLink.set(parent.groupId, Math.min(lowLink.get(parent.groupId)!, lowLink.get(frame.groupId)!));
      if (lowLink.get(frame.groupId) !== index.get(frame.groupId)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.groupId);
      const isCycle = component.length > 1 || (next.get(frame.groupId) ?? []).includes(frame.groupId);
      if (isCycle) cycles.push(component.sort((a, b) => order.get(a)! - order.get(b)!));
    }
  }
  return cycles.sort((a, b) => order.get(a[0]!)! - order.get(b[0]!)!);
}

/** What a messaging channel does with the blocks it cannot run (client-side actions): it skips them. */
function describeSkippedOnMessaging(block: Block): string | undefined {
  const skipped =
    "a messaging channel has no browser to run it: it is skipped (the visitor sees nothing) and the chat goes on";
  switch (block.type) {
    case redirectBlock.type:
      return `Redirect: ${skipped}`;
    case chatwootBlock.type:
    case googleAnalyticsBlock.type:
    case pixelBlock.type:
      return `${block.type}: ${skipped}`;
    case codeBlock.type:
      return (block.options?.isExecutedOnClient ?? true) ? `Code run in the browser: ${skipped}` : undefined;
    case httpRequestBlock.type:
      return block.options?.isExecutedOnClient ? `HTTP request sent from the browser: ${skipped}` : undefined;
    case setVariableBlock.type:
      return block.options?.isExecutedOnClient ? `Set variable run in the browser: ${skipped}` : undefined;
    default:
      return undefined;
  }
}

function checkBlocksNotOnMessaging(document: BotDocument, report: Report) {
  if (!document.settings.messaging?.isEnabled) return;
  for (const group of document.groups)
    for (const block of group.blocks) {
      const message = describeSkippedOnMessaging(block);
      if (message)
        report({
          rule: "BLOCK_NOT_ON_MESSAGING",
          severity: "warning",
          message,
          groupId: group.id,
          blockId: block.id,
        });
    }
}

function checkAiToolDescriptions(document: BotDocument, report: Report) {
  for (const group of document.groups)
    for (const block of group.blocks) {
      if (block.type !== aiAgentBlock.type) continue;
      const tools = [
        ...(block.options?.tools ?? []).flatMap((tool) =>
          tool.type === "httpRequest" || tool.type === "setVariable"
            ? [{ name: tool.name, description: tool.description }]
            : [],
        ),
        // A hand-over path without a description has one of its own: it says what it does.
        ...block.items.flatMap((path, index) =>
          path.isHumanHandover && !path.description?.trim()
            ? []
            : [{ name: getAiAgentPathToolName(path, index), description: path.description }],
        ),
      ];
      for (const tool of tools)
        if (!tool.description?.trim())
          report({
            rule: "AI_TOOL_WITHOUT_DESCRIPTION",
            severity: "warning",
            message: `The tool ${tool.name ? `"${tool.name}" ` : ""}has no description: the model cannot tell when to use it`,
            groupId: group.id,
            blockId: block.id,
          });
    }
}

/**
 * An AI agent's hand-over path is meant to open an inbox conversation with the model's summary: the Talk to a
 * human block has to come before the flow waits for the visitor again (the summary is kept for that turn).
 */
function checkHandoverPaths(document: BotDocument, report: Report) {
  for (const group of document.groups)
    for (const block of group.blocks) {
      if (block.type !== aiAgentBlock.type) continue;
      for (const [index, path] of block.items.entries()) {
        if (!path.isHumanHandover || reachesHumanHandoff(document, path.outgoingEdgeId)) continue;
        report({
          rule: "HANDOVER_WITHOUT_HUMAN_HANDOFF",
          severity: "warning",
          message: `The hand-over path "${getAiAgentPathToolName(path, index)}" does not lead to a Talk to a human block: no conversation enters the inbox, and the summary is only saved in its variable`,
          groupId: group.id,
          blockId: block.id,
        });
      }
    }
}

/**
 * Whether some way from the edge reaches a Human handoff block before any block that waits (an input, an
 * agent, a Wait…): block after block, along every exit, item, jump and same-bot link. Generous on purpose (a
 * condition may take either branch): it only warns when no way can get there.
 */
function reachesHumanHandoff(document: BotDocument, edgeId: string | undefined): boolean {
  const edges = new Map(document.edges.map((edge) => [edge.id, edge]));
  const groups = new Map(document.groups.map((group) => [group.id, group]));
  const queue: { groupId: string; blockId?: string }[] = [];
  const follow = (id: string | undefined) => {
    const edge = id ? edges.get(id) : undefined;
    if (edge) queue.push(edge.to);
  };
  follow(edgeId);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const target = queue.pop()!;
    const group = groups.get(target.groupId);
    if (!group) continue;
    const from = target.blockId ? group.blocks.findIndex((block) => block.id === target.blockId) : 0;
    for (let index = Math.max(from, 0); index < group.blocks.length; index++) {
      const block = group.blocks[index]!;
      if (seen.has(block.id)) break;
      seen.add(block.id);
      if (block.type === humanHandoffBlock.type) return true;
      if (isWaitingBlock(block)) break;
      follow(block.outgoingEdgeId);
      const items: readonly ItemExits[] = "items" in block ? block.items : [];
      for (const item of items) {
        follow(item.outgoingEdgeId);
        for (const path of item.paths ?? []) follow(path.outgoingEdgeId);
      }
      const jump = getBlockTargetGroup(block);
      if (jump) queue.push({ groupId: jump.toGroupId });
    }
  }
  return false;
}
