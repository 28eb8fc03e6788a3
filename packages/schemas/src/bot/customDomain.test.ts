import { describe, expect, it } from "vitest";
import { botUpdateSchema } from "./bot";
import { customDomainSchema, splitCustomDomain } from "./customDomain";

describe("customDomainSchema", () => {
  it.each([
    ["chat.example.com", "chat.example.com"],
    ["  Chat.Example.COM  ", "chat.example.com"],
    ["chat.example.com.", "chat.example.com"],
    ["Bücher.example", "xn--bcher-kva.example"],
    ["chat.例え.jp", "chat.xn--r8jz45g.jp"],
    ["example.com/Support", "example.com/support"],
    ["example.com/help/chat-1/", "example.com/help/chat-1"],
    ["a-b.c-d.example", "a-b.c-d.example"],
  ])("stores %j as %j", (input, stored) => {
    expect(customDomainSchema.parse(input)).toBe(stored);
  });

  it.each([
    "<script>",
    "<script>alert(1)</script>.com",
    "../../etc/passwd",
    "chat example.com",
    "example .com",
    "",
    "   ",
    "localhost",
    "127.0.0.1",
    "[::1]",
    "chat.example.com:8080",
    "user@chat.example.com",
    "chat..example.com",
    "-chat.example.com",
    "chat-.example.com",
    "exa_mple.com",
    "%41.example.com",
    "example.com/../admin",
    "example.com/./x",
    "example.com//x",
    "example.com/a b",
    "example.com/?q=1",
    "example.com/#x",
    "http://example.com",
    `${"a".repeat(64)}.example.com`,
    `${"abcdefghi.".repeat(25)}com`,
    `example.com/${"a".repeat(250)}`,
  ])("refuses %j", (input) => {
    const parsed = customDomainSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/host name/);
  });

  it("refuses a NUL by the text rule every string follows (docs/api.md)", () => {
    const parsed = customDomainSchema.safeParse("a\u0000b.example.com");
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      "Must not contain NUL characters (U+0000) or unpaired surrogates",
    ]);
  });

  it("names the field in the bot update's issue", () => {
    const parsed = botUpdateSchema.safeParse({ customDomain: "../../etc/passwd" });
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([["customDomain"]]);
    expect(botUpdateSchema.parse({ customDomain: null })).toEqual({ customDomain: null });
  });

  it("splits host and path", () => {
    expect(splitCustomDomain("chat.example.com")).toEqual({ host: "chat.example.com", path: "" });
    expect(splitCustomDomain("example.com/help/chat")).toEqual({ host: "example.com", path: "/help/chat" });
  });
});
