import { describe, expect, it } from "vitest";
import { assessPublishRisk, findImpersonatedTrademark } from "./assessPublishRisk";

type Blocks = Record<string, unknown>[];
const bot = (name: string, blocks: Blocks, variables: { id: string; name: string }[] = []) =>
  ({
    name,
    groups: [{ id: "g1", title: "Group", graphCoordinates: { x: 0, y: 0 }, blocks }],
    variables,
    settings: {},
  }) as unknown as Parameters<typeof assessPublishRisk>[0];
const text = (id: string, words: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: words }] }] },
});
const textInput = (id: string, options: Record<string, unknown> = {}) => ({
  id,
  type: "text input",
  options,
});
const redirect = (id: string, url: string) => ({ id, type: "Redirect", options: { url } });

describe("assessPublishRisk", () => {
  it("finds nothing in an ordinary bot", () => {
    expect(assessPublishRisk(bot("Lead capture", [text("t", "What is your name?"), textInput("i")]))).toEqual(
      {
        warnings: [],
        riskLevel: 0,
        signals: [],
      },
    );
  });

  it("scores brands in the name and texts, and credential words next to them", () => {
    const risk = assessPublishRisk(
      bot("PayPal support", [text("t", "Enter your Netflix password to continue")]),
    );
    expect(risk.warnings).toEqual([
      { type: "trademarkInfringement", trademark: "PayPal" },
      { type: "trademarkInfringement", trademark: "Netflix" },
    ]);
    expect(risk.riskLevel).toBe(40 + 15 + 30);
  });

  it("reaches 100 when a brand bot collects a password or a card number", () => {
    const byVariable = assessPublishRisk(
      bot(
        "PayPal support",
        [text("t", "Hello"), textInput("secret", { variableId: "v1" })],
        [{ id: "v1", name: "pwd password" }],
      ),
    );
    expect(byVariable.riskLevel).toBe(80);
    expect(byVariable.signals).toContain(
      "collects a password or a card number (block secret) next to a brand name",
    );
    const byPrompt = assessPublishRisk(
      bot("Visa rewards", [text("t", "Type the card number printed on your card"), textInput("card")]),
    );
    expect(byPrompt.riskLevel).toBe(100);
    const byPlaceholder = assessPublishRisk(
      bot("Chase alerts", [text("t", "Hi"), textInput("pin", { labels: { placeholder: "Your PIN" } })]),
    );
    expect(byPlaceholder.riskLevel).toBe(80);
    // Without a brand, a password input is an ordinary sign-up form.
    expect(
      assessPublishRisk(bot("Sign up", [text("t", "Choose a password"), textInput("p")])).riskLevel,
    ).toBe(0);
  });

  it("scores redirects to look-alike domains, not to the brand's own", () => {
    const lookAlike = assessPublishRisk(bot("Support", [redirect("r", "https://paypa1-secure.com/account")]));
    expect(lookAlike.riskLevel).toBe(60);
    expect(lookAlike.warnings).toEqual([{ type: "trademarkInfringement", trademark: "PayPal" }]);
    expect(lookAlike.signals).toEqual(["redirects to paypa1-secure.com, which looks like PayPal"]);
    const withPassword = assessPublishRisk(
      bot("Support", [
        text("t", "Your password please"),
        textInput("p"),
        redirect("r", "https://paypa1-secure.com"),
      ]),
    );
    expect(withPassword.riskLevel).toBe(100);
    // The brand's own site only names the brand.
    expect(assessPublishRisk(bot("Support", [redirect("r", "https://www.paypal.com/help")]))).toMatchObject({
      riskLevel: 15,
      signals: ["names PayPal in its texts"],
    });
    expect(assessPublishRisk(bot("Support", [redirect("r", "{{url}}")])).riskLevel).toBe(0);
  });

  it("tells look-alike hosts from brands' own and from unrelated ones", () => {
    const brandOf = (host: string) => findImpersonatedTrademark(host)?.name ?? null;
    expect(brandOf("paypal.com")).toBeNull();
    expect(brandOf("www.paypal.com")).toBeNull();
    expect(brandOf("paypa1.com")).toBe("PayPal");
    expect(brandOf("paypal.com.account-check.ru")).toBe("PayPal");
    expect(brandOf("secure-paypal.net")).toBe("PayPal");
    expect(brandOf("xn--pypal-4ve.com")).toBe("PayPal"); // pаypal with a Cyrillic а
    expect(brandOf("netfl1x-billing.com")).toBe("Netflix");
    expect(brandOf("micros0ft-online.co.uk")).toBe("Microsoft");
    expect(brandOf("rnicrosoft.com")).toBe("Microsoft");
    expect(brandOf("ups-delivery.info")).toBe("UPS");
    expect(brandOf("groups.example.com")).toBeNull();
    expect(brandOf("purchase-orders.com")).toBeNull();
    expect(brandOf("example.org")).toBeNull();
    expect(brandOf("127.0.0.1")).toBeNull();
  });
});
