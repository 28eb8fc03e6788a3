import { describe, expect, it } from "vitest";
import { BufferedRequest } from "./bufferedRequest";
import { readJsonBody } from "./readJsonBody";

const jsonHeaders = () => new Headers({ "content-type": "application/json", authorization: "Bearer key" });
const post = (text: string) =>
  new BufferedRequest(
    new URL("/api/v1/sessions/s1/../s2/continueChat?x=1", "http://127.0.0.1:3000"),
    "POST",
    jsonHeaders(),
    Buffer.from(text),
  );

describe("BufferedRequest", () => {
  it("gives method, URL (serialised as Request.url) and headers as a Request built from them", () => {
    const request = post('{"message":"hi"}');
    const eager = new Request(
      new URL("/api/v1/sessions/s1/../s2/continueChat?x=1", "http://127.0.0.1:3000"),
      {
        method: "POST",
        headers: jsonHeaders(),
        body: '{"message":"hi"}',
      },
    );
    expect(request.method).toBe(eager.method);
    expect(request.url).toBe(eager.url);
    expect([...request.headers]).toEqual([...eager.headers]);
  });

  it("is read by readJsonBody from its bytes, and a second read gets the same body through the stream", async () => {
    const request = post('{"message":"héllo"}');
    expect(await readJsonBody(request)).toEqual({ message: "héllo" });
    expect(request.bodyUsed).toBe(false);
    expect(await readJsonBody(request)).toEqual({ message: "héllo" });
    expect(request.bodyUsed).toBe(true);
  });

  it("answers every other member of Request from the same method, URL, headers and bytes", async () => {
    const request = post('{"message":"hi"}');
    expect(request.signal.aborted).toBe(false);
    expect(request.mode).toBe("cors");
    expect(request.redirect).toBe("follow");
    const copy = request.clone();
    expect(copy.url).toBe(request.url);
    expect(copy.headers.get("authorization")).toBe("Bearer key");
    expect(await copy.text()).toBe('{"message":"hi"}');
    expect(await request.json()).toEqual({ message: "hi" });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
  });

  it("has no body for a GET: readJsonBody finds none, body is null", async () => {
    const request = new BufferedRequest(new URL("http://127.0.0.1/api/v1/x"), "GET", jsonHeaders(), null);
    expect(await readJsonBody(request)).toBeUndefined();
    expect(request.body).toBeNull();
    expect(await request.text()).toBe("");
  });

  it("refuses a body over 1 MiB in readJsonBody as the chat endpoints do", async () => {
    const request = post(`{"message":"${"a".repeat(1024 * 1024)}"}`);
    await expect(readJsonBody(request)).rejects.toMatchObject({ issues: [{ code: "PAYLOAD_TOO_LARGE" }] });
  });
});
