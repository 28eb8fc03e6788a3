import type { CommandEvent, EventType, InvalidReplyEvent, ReplyEvent } from "@parley/schemas";
import { deleteEdges } from "./edges";
import type { CreateId, DocEvent, FlowDocument } from "./types";

/** The events an author adds beside the start event (the engine runs each: docs/builder.md, "Events"). */
export type AddableEventType = Exclude<EventType, "start">;

export const addableEventTypes: readonly AddableEventType[] = ["command", "reply", "invalidReply"];

/**
 * Whether the flow may take one more event of this type: a bot has any number of commands but one
 * reply event and one invalid reply event (the engine runs the first of each).
 */
export function canAddEvent(doc: FlowDocument, type: AddableEventType): boolean {
  return type === "command" || !doc.events.some((event) => event.type === type);
}

/**
 * Adds an event below the lowest event of the canvas; a command gets a name no other command has
 * (`command`, `command-2`…). Returns the document unchanged when the flow cannot take it.
 */
export function addEvent<D extends FlowDocument>(
  doc: D,
  type: AddableEventType,
  createId: CreateId,
): { doc: D; eventId: string | null } {
  if (!canAddEvent(doc, type)) return { doc, eventId: null };
  const lowest = doc.events.reduce(
    (bottom, event) => (event.graphCoordinates.y > bottom.y ? event.graphCoordinates : bottom),
    doc.events[0]?.graphCoordinates ?? { x: 0, y: 0 },
  );
  const base = { id: createId(), graphCoordinates: { x: lowest.x, y: lowest.y + 90 } };
  const event: CommandEvent | ReplyEvent | InvalidReplyEvent =
    type === "command" ? { ...base, type, options: { command: nextCommandName(doc) } } : { ...base, type };
  return { doc: { ...doc, events: [...doc.events, event] }, eventId: event.id };
}

function nextCommandName(doc: FlowDocument): string {
  const taken = new Set(
    doc.events.flatMap((event) =>
      event.type === "command" && event.options?.command ? [event.options.command] : [],
    ),
  );
  let name = "command";
  for (let index = 2; taken.has(name); index++) name = `command-${index}`;
  return name;
}

/** Replaces fields of an event's options (a command's name, a reply event's variables). */
export function updateEventOptions<D extends FlowDocument>(
  doc: D,
  eventId: string,
  options: Record<string, unknown>,
): D {
  return {
    ...doc,
    events: doc.events.map((event): DocEvent => {
      if (event.id !== eventId || event.type === "start") return event;
      const merged = Object.fromEntries(
        Object.entries({ ...event.options, ...options }).filter(([, value]) => value !== undefined),
      );
      return { ...event, options: merged } as DocEvent;
    }),
  };
}

/** Removes an event (never the start event) and the edge leaving it. */
export function deleteEvent<D extends FlowDocument>(doc: D, eventId: string): D {
  const event = doc.events.find((candidate) => candidate.id === eventId);
  if (!event || event.type === "start") return doc;
  const withoutEdges = deleteEdges(
    doc,
    doc.edges
      .filter((edge) => "eventId" in edge.from && edge.from.eventId === eventId)
      .map((edge) => edge.id),
  );
  return { ...withoutEdges, events: withoutEdges.events.filter((candidate) => candidate.id !== eventId) };
}

/** The command names used by more than one command event (only the first of them runs). */
export function getDuplicateCommands(doc: FlowDocument): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const event of doc.events) {
    const command = event.type === "command" ? event.options?.command : undefined;
    if (!command) continue;
    if (seen.has(command)) duplicates.add(command);
    seen.add(command);
  }
  return duplicates;
}
