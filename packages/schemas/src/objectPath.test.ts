import { describe, expect, it } from "vitest";
import { parsePropertyPath, readPath, writePath } from "./objectPath";

describe("readPath", () => {
  it("reads object keys and array indexes, undefined where the path breaks", () => {
    const value = { a: { b: 1 }, list: [{ id: 7 }], text: "x" };
    expect(readPath(value, ["a", "b"])).toBe(1);
    expect(readPath(value, ["list", 0, "id"])).toBe(7);
    expect(readPath(value, ["list", "0", "id"])).toBe(7);
    expect(readPath(value, ["list", "length"])).toBe(1);
    expect(readPath(value, ["list", 3, "id"])).toBeUndefined();
    expect(readPath(value, ["missing", "b"])).toBeUndefined();
    expect(readPath(value, ["text", "length"])).toBeUndefined();
    expect(readPath(null, ["a"])).toBeUndefined();
    expect(readPath(value, [])).toBe(value);
  });

  it("refuses prototype keys and inherited members", () => {
    const parsed = JSON.parse('{"__proto__": {"isAdmin": true}, "a": {}}');
    expect(readPath(parsed, ["__proto__", "isAdmin"])).toBeUndefined();
    expect(readPath({ a: {} }, ["a", "constructor"])).toBeUndefined();
    expect(readPath({ a: {} }, ["a", "constructor", "prototype"])).toBeUndefined();
    expect(readPath({ a: {} }, ["a", "toString"])).toBeUndefined();
  });
});

describe("writePath", () => {
  it("writes a nested value without touching the original or its siblings", () => {
    const original = { chat: { hostBubbles: { color: "#000" }, buttons: { color: "#fff" } } };
    const updated = writePath(original, ["chat", "hostBubbles", "backgroundColor"], "#eee");
    expect(updated).toEqual({
      chat: { hostBubbles: { color: "#000", backgroundColor: "#eee" }, buttons: { color: "#fff" } },
    });
    expect(original.chat.hostBubbles).toEqual({ color: "#000" });
    expect(updated.chat.buttons).toBe(original.chat.buttons);
  });

  it("creates missing steps (an array for an index) and removes a key written as undefined", () => {
    expect(writePath({}, ["general", "font", "family"], "Inter")).toEqual({
      general: { font: { family: "Inter" } },
    });
    expect(writePath(undefined, ["webhook", "headers", 0, "key"], "X")).toEqual({
      webhook: { headers: [{ key: "X" }] },
    });
    expect(writePath({ customCss: "a{}", general: {} }, ["customCss"], undefined)).toEqual({ general: {} });
    // Without pruning, the object a removal empties stays.
    expect(writePath({ font: { family: "Inter" } }, ["font", "family"], undefined)).toEqual({ font: {} });
  });

  it("copies the arrays along the path and replaces a step that cannot hold the key", () => {
    const headers = [{ key: "A" }, { key: "B" }];
    const written = writePath({ headers }, ["headers", 1, "key"], "C");
    expect(written).toEqual({ headers: [{ key: "A" }, { key: "C" }] });
    expect(headers[1]).toEqual({ key: "B" });
    expect(written.headers[0]).toBe(headers[0]);
    expect(writePath({ a: [1, 2] }, ["a", "b"], 1)).toEqual({ a: { b: 1 } });
    expect(writePath({ a: "text" }, ["a", "b"], 1)).toEqual({ a: { b: 1 } });
    expect(writePath({ a: "text" }, ["a", 0], 1)).toEqual({ a: [1] });
  });

  it("removes the objects a removal leaves empty when asked", () => {
    const options = { labels: { placeholder: "a" }, isLong: true };
    const written = writePath(options, ["labels", "button"], "Go", { pruneEmpty: true });
    expect(written).toEqual({ labels: { placeholder: "a", button: "Go" }, isLong: true });
    expect(options.labels).toEqual({ placeholder: "a" });
    expect(writePath(options, ["labels", "placeholder"], undefined, { pruneEmpty: true })).toEqual({
      isLong: true,
    });
    expect(writePath({ a: { b: { c: 1 } } }, ["a", "b", "c"], undefined, { pruneEmpty: true })).toEqual({});
    // A value written as an empty object is kept.
    expect(writePath({}, ["a"], {}, { pruneEmpty: true })).toEqual({ a: {} });
  });

  it("refuses prototype keys and leaves every prototype as it was", () => {
    for (const path of [
      ["__proto__", "isAdmin"],
      ["a", "constructor", "prototype", "isAdmin"],
      ["prototype"],
    ]) {
      expect(() => writePath({ a: {} }, path, true)).toThrow(/cannot be written/);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(writePath({}, ["a"], 1))).toBe(Object.prototype);
  });
});

describe("parsePropertyPath", () => {
  it("reads JavaScript property paths: names, indexes and quoted keys", () => {
    expect(parsePropertyPath("data.items[0].name")).toEqual(["data", "items", 0, "name"]);
    expect(parsePropertyPath("statusCode")).toEqual(["statusCode"]);
    expect(parsePropertyPath(`headers["x-id"]['a b'].$v_1`)).toEqual(["headers", "x-id", "a b", "$v_1"]);
    expect(parsePropertyPath(`rows[""]`)).toEqual(["rows", ""]);
  });

  it("answers undefined for anything else (an expression, a text that is no path)", () => {
    for (const text of [
      "",
      "data.items.map((item) => item.id)",
      "data.count * 2",
      "data.",
      "[0]",
      "1abc",
      "data[-1]",
      "data[0",
      'data["a"b"]',
    ]) {
      expect(parsePropertyPath(text), text).toBeUndefined();
    }
  });
});
