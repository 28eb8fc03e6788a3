import { describe, expect, it } from "vitest";
import { parseMessagingRecipient } from "./parseMessagingRecipient";

describe("parseMessagingRecipient", () => {
  it("takes a WhatsApp number written the usual ways, as digits only", () => {
    expect(parseMessagingRecipient("whatsApp", "+33 6 12 34 56 78")).toBe("33612345678");
    expect(parseMessagingRecipient("whatsApp", " 1 (415) 555-0100 ")).toBe("14155550100");
    expect(parseMessagingRecipient("whatsApp", "49.151.2345.6789")).toBe("4915123456789");
  });

  it("refuses what cannot be a WhatsApp number", () => {
    for (const value of ["", "+", "12345", "+33 6 12 34 56 78 90 123", "0033abc", "@someone", "++3361234567"])
      expect(parseMessagingRecipient("whatsApp", value)).toBeNull();
  });

  it("takes Telegram chat ids and channel usernames, and refuses the rest", () => {
    expect(parseMessagingRecipient("telegram", " 123456789 ")).toBe("123456789");
    expect(parseMessagingRecipient("telegram", "-1001234567890")).toBe("-1001234567890");
    expect(parseMessagingRecipient("telegram", "@parley_news")).toBe("@parley_news");
    for (const value of ["", "12 34", "+33612345678", "@ab", "@1abc", "chat"])
      expect(parseMessagingRecipient("telegram", value)).toBeNull();
  });
});
