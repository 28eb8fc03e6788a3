import { updateGroup } from "./locate";
import type { FlowDocument } from "./types";

export function renameGroup<D extends FlowDocument>(doc: D, groupId: string, title: string): D {
  return updateGroup(doc, groupId, (group) => (group.title === title ? group : { ...group, title }));
}

/** Moves groups and events (the canvas nodes) to new positions, given by node id. */
export function moveNodes<D extends FlowDocument>(
  doc: D,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): D {
  if (positions.size === 0) return doc;
  const move = <T extends { id: string; graphCoordinates: { x: number; y: number } }>(node: T): T => {
    const position = positions.get(node.id);
    if (!position || (position.x === node.graphCoordinates.x && position.y === node.graphCoordinates.y))
      return node;
    return { ...node, graphCoordinates: { x: position.x, y: position.y } };
  };
  return { ...doc, groups: doc.groups.map(move), events: doc.events.map(move) };
}

/** The next free default title: "Group #n", one more than the highest number in use. */
export function getNextGroupTitle(doc: FlowDocument): string {
  let highest = 0;
  for (const group of doc.groups) {
    const match = /^Group #(\d+)$/.exec(group.title);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `Group #${Math.max(highest, doc.groups.length) + 1}`;
}
