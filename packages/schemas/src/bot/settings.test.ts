import { describe, expect, it } from "vitest";
import { settingsSchema } from "./settings";
import { applySettingsDefaults, defaultSettings } from "./settingsDefaults";

describe("settingsSchema", () => {
  it("accepts every field of the contract", () => {
    const settings = {
      general: {
        isBrandingEnabled: false,
        isTypingEmulationEnabled: true,
        isInputPrefillEnabled: true,
        isHideQueryParamsEnabled: false,
        isNewResultOnRefreshEnabled: true,
        rememberUser: { isEnabled: true, storage: "local" },
        systemMessages: { ...defaultSettings.general.systemMessages, invalidMessage: "Réessayez." },
      },
      typingEmulation: {
        enabled: true,
        speed: 300,
        maxDelay: 1.5,
        delayBetweenBubbles: 0.5,
        isDisabledOnFirstMessage: false,
      },
      metadata: {
        title: "Acme",
        description: "Ask us",
        imageUrl: "https://img.test/og.png",
        favIconUrl: "https://img.test/favicon.png",
        customHeadCode: "<meta name='x'>",
        tagManagerId: "GTM-1",
        allowIndexing: true,
      },
      messaging: {
        isEnabled: true,
        sessionExpiryTimeout: 0.5,
        startCondition: { comparisons: [{ id: "c1", comparisonOperator: "Equal to", value: "start" }] },
      },
      publicShare: { isEnabled: false },
      security: { allowedOrigins: ["https://acme.test"] },
    };
    expect(settingsSchema.parse(settings)).toEqual(settings);
  });

  it("rejects wrong types", () => {
    expect(settingsSchema.safeParse({ typingEmulation: { speed: "fast" } }).success).toBe(false);
    expect(settingsSchema.safeParse({ security: { allowedOrigins: "*" } }).success).toBe(false);
  });
});

describe("applySettingsDefaults", () => {
  it("provides the system messages users see by default", () => {
    const settings = applySettingsDefaults({
      general: { systemMessages: { botClosed: "Closed for today." } },
    });
    expect(settings.general.systemMessages.botClosed).toBe("Closed for today.");
    expect(settings.general.systemMessages.invalidMessage).toBe("Invalid message. Please, try again.");
    expect(applySettingsDefaults({}).general.systemMessages.botClosed).toBe("This bot is now closed.");
    expect(settings.typingEmulation).toEqual(defaultSettings.typingEmulation);
  });
});
