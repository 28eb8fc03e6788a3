import { describe, expect, it } from "vitest";
import { bufferedTextOf } from "./bufferedBodies";
import { jsonTextResponse } from "./handleWebRequest";
import { TextResponse } from "./textResponse";

const text = JSON.stringify({ message: "héllo", items: [1, 2] });

describe("TextResponse", () => {
  it("is a Response with its status and headers, and gives its text to the node:http mount without reading its body", () => {
    const response = jsonTextResponse(text, 201, { "x-extra": "1" });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-extra")).toBe("1");
    expect(bufferedTextOf(response)).toBe(text);
    expect(response.bodyUsed).toBe(false);
    expect(bufferedTextOf(new Response(text))).toBeUndefined();
  });

  it("reads its body as a Response built with the text would: once, through text(), json() or the stream", async () => {
    const response = jsonTextResponse(text);
    expect(await response.json()).toEqual({ message: "héllo", items: [1, 2] });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);

    const streamed = jsonTextResponse(text);
    const body = streamed.body;
    expect(body).toBeInstanceOf(ReadableStream);
    expect(await new Response(body).text()).toBe(text);
    expect(streamed.bodyUsed).toBe(true);

    expect(Buffer.from(await jsonTextResponse(text).arrayBuffer()).toString("utf8")).toBe(text);
    expect(await (await jsonTextResponse(text).blob()).text()).toBe(text);
  });

  it("clones with its headers of the moment and the same text", async () => {
    const response = jsonTextResponse(text);
    response.headers.set("x-request-id", "abcdefgh");
    const copy = response.clone();
    expect(copy).toBeInstanceOf(Response);
    expect(copy.headers.get("x-request-id")).toBe("abcdefgh");
    expect(await copy.text()).toBe(text);
    expect(await response.text()).toBe(text);
  });

  it("says plain text without a Content-Type and refuses a status that has no body, as Response does", () => {
    expect(new TextResponse("hi", { status: 200 }).headers.get("content-type")).toBe(
      new Response("hi").headers.get("content-type"),
    );
    expect(() => new Response("hi", { status: 204 })).toThrow(TypeError);
    expect(() => new TextResponse("hi", { status: 204 })).toThrow(TypeError);
  });
});
