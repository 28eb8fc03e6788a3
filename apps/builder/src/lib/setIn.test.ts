import { describe, expect, it } from "vitest";
import { getIn, setIn } from "./setIn";

describe("setIn", () => {
  it("sets a nested value without touching the original or its siblings", () => {
    const original = { chat: { hostBubbles: { color: "#000" }, buttons: { color: "#fff" } } };
    const updated = setIn(original, ["chat", "hostBubbles", "backgroundColor"], "#eee");
    expect(updated).toEqual({
      chat: { hostBubbles: { color: "#000", backgroundColor: "#eee" }, buttons: { color: "#fff" } },
    });
    expect(original.chat.hostBubbles).toEqual({ color: "#000" });
    expect(updated.chat.buttons).toBe(original.chat.buttons);
  });

  it("creates missing objects and removes a key set to undefined", () => {
    expect(setIn({}, ["general", "font", "family"], "Inter")).toEqual({
      general: { font: { family: "Inter" } },
    });
    expect(setIn({ customCss: "a{}", general: {} }, ["customCss"], undefined)).toEqual({ general: {} });
  });

  it("reads a nested value or undefined", () => {
    expect(getIn({ a: { b: 1 } }, ["a", "b"])).toBe(1);
    expect(getIn({ a: "x" }, ["a", "b"])).toBeUndefined();
  });
});
