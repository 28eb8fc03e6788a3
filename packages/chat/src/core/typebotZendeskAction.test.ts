// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { toTypebotTurnResponse } from "./typebotProtocol";

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** Runs a `codeToExecute` as Typebot's client does: its args by name, then the code. */
const runAsTypebotClient = (action: { codeToExecute: { content: string; args: Record<string, unknown> } }) =>
  new AsyncFunction(...Object.keys(action.codeToExecute.args), action.codeToExecute.content)(
    ...Object.values(action.codeToExecute.args),
  );

afterEach(() => {
  document.head.replaceChildren();
  delete (window as { zE?: unknown }).zE;
});

describe("the zendesk action on Typebot's path", () => {
  it("becomes Typebot's codeToExecute, which loads the snippet, signs the visitor in and opens the messenger", async () => {
    const [action] = toTypebotTurnResponse({
      clientSideActions: [
        {
          type: "zendesk",
          zendesk: { key: "widget key", jwt: "h.p.s" },
          lastBubbleBlockId: null,
          expectsDedicatedReply: false,
        },
      ],
    }).clientSideActions as unknown as [
      { type: string; codeToExecute: { content: string; args: Record<string, unknown> } },
    ];
    expect(action).toMatchObject({
      type: "codeToExecute",
      codeToExecute: { args: { key: "widget key", jwt: "h.p.s" } },
    });
    expect(action).not.toHaveProperty("lastBubbleBlockId");
    expect(action).not.toHaveProperty("zendesk");
    await runAsTypebotClient(action);
    const script = document.getElementById("ze-snippet") as HTMLScriptElement;
    expect(script.src).toBe("https://static.zdassets.com/ekr/snippet.js?key=widget%20key");
    const calls: unknown[][] = [];
    (window as { zE?: unknown }).zE = (...args: unknown[]) => calls.push(args);
    script.dispatchEvent(new Event("load"));
    expect(calls.map((call) => call.slice(0, 2))).toEqual([
      ["messenger", "loginUser"],
      ["messenger", "open"],
    ]);
    const tokens: string[] = [];
    (calls[0]![2] as (callback: (token: string) => void) => void)((token) => tokens.push(token));
    expect(tokens).toEqual(["h.p.s"]);
  });

  it("opens the page's own Zendesk at once for an anonymous visitor", async () => {
    const calls: unknown[][] = [];
    (window as { zE?: unknown }).zE = (...args: unknown[]) => calls.push(args);
    const [action] = toTypebotTurnResponse({
      clientSideActions: [{ type: "zendesk", zendesk: { key: "k", jwt: null }, lastBubbleBlockId: "m1" }],
    }).clientSideActions as unknown as [
      { lastBubbleBlockId: string; codeToExecute: { content: string; args: Record<string, unknown> } },
    ];
    expect(action.lastBubbleBlockId).toBe("m1");
    await runAsTypebotClient(action);
    expect(calls).toEqual([["messenger", "open"]]);
    expect(document.getElementById("ze-snippet")).toBeNull();
  });
});
