import { describe, expect, it } from "vitest";
import { chooseInterfaceLanguage } from "./interfaceLanguages";

describe("the builder's interface language", () => {
  it("is the account's choice, whatever the browser says", () => {
    expect(chooseInterfaceLanguage("de", "fr-FR,fr;q=0.9")).toBe("de");
    expect(chooseInterfaceLanguage("pt-BR", null)).toBe("pt-BR");
  });

  it("without a choice, the first of the browser's languages the builder has, by weight and subtag", () => {
    expect(chooseInterfaceLanguage(null, "ja,fr-CA;q=0.8,de;q=0.9")).toBe("de");
    expect(chooseInterfaceLanguage(undefined, "pt-PT,pt;q=0.9")).toBe("pt-BR");
    expect(chooseInterfaceLanguage(null, "es-419")).toBe("es");
  });

  it("English otherwise, and for a stored value the builder no longer has", () => {
    expect(chooseInterfaceLanguage(null, "ja,ko")).toBe("en");
    expect(chooseInterfaceLanguage(null, null)).toBe("en");
    expect(chooseInterfaceLanguage("it", "it-IT")).toBe("en");
  });
});
