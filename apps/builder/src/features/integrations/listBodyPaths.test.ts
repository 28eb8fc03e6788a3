import { describe, expect, it } from "vitest";
import { listBodyPaths } from "./listBodyPaths";

describe("listBodyPaths", () => {
  it("lists the leaves of a body as mapping paths", () => {
    expect(
      listBodyPaths({
        order: { id: "A-17", items: [{ sku: "x" }] },
        paid: true,
        "first name": "Ada",
        tags: [],
      }),
    ).toEqual(["data.order.id", "data.order.items[0].sku", "data.paid", 'data["first name"]', "data.tags"]);
  });

  it("gives the body itself when it is not an object", () => {
    expect(listBodyPaths("plain")).toEqual(["data"]);
    expect(listBodyPaths(null)).toEqual(["data"]);
  });

  it("stops at 50 paths", () => {
    const body = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`k${index}`, index]));
    expect(listBodyPaths(body)).toHaveLength(50);
  });
});
