// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { executeClientSideAction } from "./executeClientSideAction";
import { openZendeskMessenger } from "./openZendeskMessenger";

/** What Zendesk's snippet defines once loaded: `zE`, here recording its calls. */
function installZendeskApi() {
  const calls: unknown[][] = [];
  window.zE = (...args: unknown[]) => {
    calls.push(args);
  };
  return calls;
}

const snippet = () => document.getElementById("ze-snippet") as HTMLScriptElement | null;

afterEach(() => {
  document.head.replaceChildren();
  delete window.zE;
});

describe("openZendeskMessenger", () => {
  it("loads Zendesk's snippet with the key, signs the visitor in with the JWT, then opens the messenger", async () => {
    const opened = openZendeskMessenger({ key: "a1b2 c3", jwt: "header.payload.signature" });
    const script = snippet();
    expect(script?.src).toBe("https://static.zdassets.com/ekr/snippet.js?key=a1b2%20c3");
    expect(script?.async).toBe(true);
    const calls = installZendeskApi();
    script!.dispatchEvent(new Event("load"));
    await opened;
    expect(calls.map((call) => call.slice(0, 2))).toEqual([
      ["messenger", "loginUser"],
      ["messenger", "open"],
    ]);
    // Zendesk asks the page for the token through a callback.
    const tokens: string[] = [];
    (calls[0]![2] as (callback: (token: string) => void) => void)((token) => tokens.push(token));
    expect(tokens).toEqual(["header.payload.signature"]);
  });

  it("uses the page's own Zendesk without loading the snippet again, anonymous without a JWT", async () => {
    const calls = installZendeskApi();
    await openZendeskMessenger({ key: "k", jwt: null });
    expect(snippet()).toBeNull();
    expect(calls).toEqual([["messenger", "open"]]);
  });

  it("rejects when the snippet cannot load", async () => {
    const opened = openZendeskMessenger({ key: "k", jwt: null });
    snippet()!.dispatchEvent(new Event("error"));
    await expect(opened).rejects.toThrow("Zendesk's snippet could not load");
  });
});

describe("executeClientSideAction: zendesk", () => {
  const context = (isPreview: boolean) => ({
    isPreview,
    streamMessage: async () => "",
    listenForWebhook: async () => {
      throw new Error("not expected");
    },
    listenForAgent: () => {},
  });
  const action = {
    type: "zendesk" as const,
    zendesk: { key: "widget-key", jwt: null },
    lastBubbleBlockId: null,
    expectsDedicatedReply: false,
  };

  it("opens the messenger in a live chat without holding the chat", async () => {
    expect(await executeClientSideAction(action, context(false))).toEqual({ kind: "done" });
    expect(snippet()?.src).toBe("https://static.zdassets.com/ekr/snippet.js?key=widget-key");
  });

  it("does nothing in the builder's preview", async () => {
    expect(await executeClientSideAction(action, context(true))).toEqual({ kind: "done" });
    expect(snippet()).toBeNull();
  });
});
