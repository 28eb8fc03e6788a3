import { describe, expect, it } from "vitest";
import { getRememberedChatStorage } from "./rememberChat";
import { defaultSettings } from "./settingsDefaults";

describe("getRememberedChatStorage", () => {
  it("keeps nothing with the defaults: a reload starts a new chat", () => {
    expect(getRememberedChatStorage(defaultSettings.general)).toBeNull();
    expect(getRememberedChatStorage(undefined)).toBeNull();
    expect(getRememberedChatStorage({})).toBeNull();
  });

  it("keeps the chat for this tab when new result on refresh is off, with remember-user off as the defaults fill it", () => {
    expect(getRememberedChatStorage({ ...defaultSettings.general, isNewResultOnRefreshEnabled: false })).toBe(
      "session",
    );
  });

  it("keeps it where remember-user says, whatever new result on refresh says", () => {
    for (const isNewResultOnRefreshEnabled of [true, false]) {
      expect(
        getRememberedChatStorage({
          isNewResultOnRefreshEnabled,
          rememberUser: { isEnabled: true, storage: "local" },
        }),
      ).toBe("local");
      expect(
        getRememberedChatStorage({ isNewResultOnRefreshEnabled, rememberUser: { isEnabled: true } }),
      ).toBe("session");
    }
  });
});
