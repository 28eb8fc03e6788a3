import { afterAll, describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluateExpression";
import { stopSandboxProcess } from "./sandboxProcess";

afterAll(async () => {
  await stopSandboxProcess();
});

describe("evaluateExpression", () => {
  const response = { statusCode: 200, data: { items: [{ name: "first", price: 3 }], total: 1 } };

  it.each([
    ["data.items[0].name", "first"],
    ["data.items.map((item) => item.price * 2)", [6]],
    ["statusCode === 200 && data.total", 1],
    ["data", response.data],
    ["data.missing?.deep ?? 'default' // a trailing comment", "default"],
  ])("maps a response with %s", async (expression, value) => {
    expect(await evaluateExpression(expression, response)).toEqual({ ok: true, value });
  });

  it("evaluates inline code over variables", async () => {
    expect(
      await evaluateExpression("firstName + ' has ' + cart.length + ' items'", {
        firstName: "Ada",
        cart: [1, 2],
      }),
    ).toEqual({
      ok: true,
      value: "Ada has 2 items",
    });
  });

  it.each([
    ["", "empty"],
    ["data.items[", "SyntaxError"],
    ["data.nothing.name", "TypeError"],
    ["unknownVariable", "ReferenceError"],
  ])("reports %j as an error", async (expression, message) => {
    const result = await evaluateExpression(expression, response);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "ERROR", message: expect.stringContaining(message) },
    });
  });

  it("stops an expression that never ends", async () => {
    const result = await evaluateExpression("(() => { while (true) {} })()", {}, { timeoutMs: 200 });
    expect(result).toEqual({ ok: false, error: { code: "TIMEOUT", message: "The code ran out of time" } });
  });
});
