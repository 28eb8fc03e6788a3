import { eventSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { createCounterId, createTestDocument } from "../testing/createTestDocument";
import { connectEdge } from "./edges";
import { addEvent, canAddEvent, deleteEvent, getDuplicateCommands, updateEventOptions } from "./events";

describe("events", () => {
  it("adds commands with names of their own below the lowest event, each a valid event", () => {
    const createId = createCounterId();
    const first = addEvent(createTestDocument(), "command", createId);
    const second = addEvent(first.doc, "command", createId);
    const commands = second.doc.events.filter((event) => event.type === "command");
    expect(commands.map((event) => [event.options?.command, event.graphCoordinates])).toEqual([
      ["command", { x: 0, y: 90 }],
      ["command-2", { x: 0, y: 180 }],
    ]);
    expect(second.eventId).toBe(commands[1]?.id);
    for (const event of second.doc.events) expect(eventSchema.safeParse(event).success).toBe(true);
  });

  it("takes one reply event and one invalid reply event", () => {
    const createId = createCounterId();
    const withReply = addEvent(createTestDocument(), "reply", createId).doc;
    expect(canAddEvent(withReply, "reply")).toBe(false);
    expect(canAddEvent(withReply, "invalidReply")).toBe(true);
    const again = addEvent(withReply, "reply", createId);
    expect(again).toEqual({ doc: withReply, eventId: null });
  });

  it("sets and clears options, and tells duplicate command names", () => {
    const createId = createCounterId();
    const { doc, eventId } = addEvent(createTestDocument(), "command", createId);
    if (!eventId) throw new Error("not added");
    const named = updateEventOptions(doc, eventId, { command: "help", resumeAfter: true });
    expect(named.events.find((event) => event.id === eventId)).toMatchObject({
      type: "command",
      options: { command: "help", resumeAfter: true },
    });
    const { doc: twice, eventId: otherId } = addEvent(named, "command", createId);
    expect(getDuplicateCommands(twice)).toEqual(new Set());
    const duplicate = updateEventOptions(twice, otherId ?? "", { command: "help" });
    expect(getDuplicateCommands(duplicate)).toEqual(new Set(["help"]));
    const { doc: withReply, eventId: replyId } = addEvent(createTestDocument(), "reply", createId);
    const saved = updateEventOptions(withReply, replyId ?? "", { contentVariableId: "v1" });
    const cleared = updateEventOptions(saved, replyId ?? "", { contentVariableId: undefined });
    expect(cleared.events.find((event) => event.id === replyId)).toMatchObject({
      type: "reply",
      options: {},
    });
  });

  it("deletes an event with the edge leaving it, never the start event", () => {
    const createId = createCounterId();
    const { doc, eventId } = addEvent(createTestDocument(), "command", createId);
    if (!eventId) throw new Error("not added");
    const connected = connectEdge(doc, { id: "ecmd", from: { eventId }, to: { groupId: "g2" } });
    const deleted = deleteEvent(connected, eventId);
    expect(deleted.events.map((event) => event.id)).toEqual(["start"]);
    expect(deleted.edges.map((edge) => edge.id)).toEqual(doc.edges.map((edge) => edge.id));
    expect(deleteEvent(deleted, "start")).toBe(deleted);
  });
});
