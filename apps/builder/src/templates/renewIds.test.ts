import { describe, expect, it } from "vitest";
import { renewIds } from "./renewIds";

describe("renewIds", () => {
  it("gives every declared id a new value and makes references follow", () => {
    let counter = 0;
    const document = {
      events: [{ id: "start", outgoingEdgeId: "e1" }],
      groups: [
        { id: "g1", blocks: [{ id: "b1", options: { variableId: "v1" }, content: "Hello g1 friend" }] },
      ],
      edges: [{ id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } }],
      variables: [{ id: "v1", name: "Name" }],
    };
    const renewed = renewIds(document, () => `new${++counter}`);
    expect(renewed).toEqual({
      events: [{ id: "new1", outgoingEdgeId: "new4" }],
      groups: [
        { id: "new2", blocks: [{ id: "new3", options: { variableId: "new5" }, content: "Hello g1 friend" }] },
      ],
      edges: [{ id: "new4", from: { eventId: "new1" }, to: { groupId: "new2" } }],
      variables: [{ id: "new5", name: "Name" }],
    });
    expect(document.groups[0]!.id).toBe("g1");
  });
});
