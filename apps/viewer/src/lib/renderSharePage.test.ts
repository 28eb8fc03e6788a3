// @vitest-environment jsdom
import { applySettingsDefaults, applyThemeDefaults, type Settings, type Theme } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import type { SharePage } from "./loadSharePage";
import { chooseSharePageLanguage, renderBotNotFound, renderSharePage } from "./renderSharePage";

function sharePage(patch: { name?: string; isClosed?: boolean; theme?: Theme; settings?: Settings } = {}) {
  const theme = patch.theme ?? {};
  return {
    botId: "bot1",
    publicId: "my-bot",
    name: patch.name ?? "My bot",
    isClosed: patch.isClosed ?? false,
    chatKey: "ck_key",
    theme,
    fullTheme: applyThemeDefaults(theme),
    settings: applySettingsDefaults(patch.settings ?? {}),
  } as unknown as SharePage;
}

/** Parses the HTML as a browser does (scripts are not run by DOMParser). */
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("renderSharePage", () => {
  it("writes the page's head from the bot's metadata and mounts the widget with /embed.js", () => {
    const document = parse(
      renderSharePage(
        sharePage({
          settings: {
            metadata: {
              title: "Coffee bot",
              description: "Ask about coffee",
              imageUrl: "https://img.test/card.png",
              favIconUrl: "javascript:alert(1)",
              allowIndexing: true,
            },
          },
        }),
      ),
    );
    expect(document.documentElement.lang).toBe("en");
    expect(document.title).toBe("Coffee bot");
    const content = (selector: string) => document.querySelector(selector)?.getAttribute("content");
    expect(content('meta[name="description"]')).toBe("Ask about coffee");
    expect(content('meta[name="robots"]')).toBe("index, follow");
    expect(content('meta[property="og:image"]')).toBe("https://img.test/card.png");
    expect(content('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(document.querySelector('link[rel="icon"]')).toBeNull();
    const scripts = [...document.querySelectorAll("script")];
    expect(scripts.map((script) => script.getAttribute("src"))).toEqual([null, "/embed.js", null]);
    // The first turn is asked for while /embed.js downloads, with the bot's chat key.
    expect(scripts[0].textContent).toContain('fetch("/api/v1/bots/my-bot/startChat"');
    expect(scripts[0].textContent).toContain('"Bearer ck_key"');
    expect(scripts[0].textContent).toContain('"parley-chat:my-bot"');
    expect(scripts[2].textContent).toContain('"publicId":"my-bot"');
    expect(scripts[2].textContent).toContain("Parley.initStandard(o)");
    expect(document.querySelector('link[rel="preload"]')?.getAttribute("href")).toBe("/embed.js");
  });

  it("escapes what the author wrote: no element or script can be injected", () => {
    const hostile = "</title></script><script>alert(1)</script><img src=x onerror=alert(1)>\u2028";
    const document = parse(
      renderSharePage(
        sharePage({
          name: hostile,
          theme: { customCss: hostile },
          settings: {
            general: { systemMessages: { botClosed: hostile } },
            metadata: { description: hostile },
          },
        }),
      ),
    );
    expect(document.title).toBe(hostile);
    expect(document.querySelectorAll("img")).toHaveLength(0);
    expect(document.querySelectorAll("script")).toHaveLength(3);
    // The widget's options survive as data: the inline script holds the CSS intact, escaped.
    const init = document.querySelectorAll("script")[2].textContent ?? "";
    expect(init).not.toContain("</script>");
    expect(init).toContain("\\u003c/title>");
  });

  it("shows a closed bot's message without the widget", () => {
    const document = parse(
      renderSharePage(
        sharePage({
          isClosed: true,
          settings: { general: { systemMessages: { botClosed: "<b>Closed</b> for today" } } },
        }),
      ),
    );
    expect(document.querySelector('main[role="status"]')?.textContent).toBe("<b>Closed</b> for today");
    expect(document.querySelectorAll("script, b")).toHaveLength(0);
  });

  it("answers an unknown bot with the 404 page", () => {
    const document = parse(renderBotNotFound());
    expect(document.querySelector("h1")?.textContent).toBe("This bot does not exist");
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
  });
});

describe("the share page's language", () => {
  const settings: Settings = {
    metadata: { title: "Coffee bot", description: "Ask about coffee" },
    languages: {
      defaultLanguage: "en",
      languages: ["fr", "ar"],
      translations: {
        ar: { "settings:metadata.title": { value: "بوت القهوة", status: "reviewed" } },
      },
    },
  };
  const request = (url: string, acceptLanguage: string | null = null) => ({ url, acceptLanguage });

  it("takes the URL's lang, then Accept-Language, among the bot's languages; else its default", () => {
    const page = sharePage({ settings });
    expect(chooseSharePageLanguage(page, request("http://v/my-bot?lang=ar", "fr"))).toBe("ar");
    expect(chooseSharePageLanguage(page, request("http://v/my-bot", "de, fr-CH;q=0.8"))).toBe("fr");
    expect(chooseSharePageLanguage(page, request("http://v/my-bot?lang=xx", "de"))).toBe("en");
    expect(chooseSharePageLanguage(sharePage(), request("http://v/my-bot?lang=ar"))).toBeNull();
  });

  it("writes lang and dir on <html> (rtl for Arabic) and the title in that language", () => {
    const arabic = parse(renderSharePage(sharePage({ settings }), "ar"));
    expect(arabic.documentElement.getAttribute("lang")).toBe("ar");
    expect(arabic.documentElement.getAttribute("dir")).toBe("rtl");
    expect(arabic.title).toBe("بوت القهوة");
    const french = parse(renderSharePage(sharePage({ settings }), "fr"));
    expect(french.documentElement.getAttribute("dir")).toBe("ltr");
    expect(french.title).toBe("Coffee bot");
    expect(parse(renderSharePage(sharePage())).documentElement.getAttribute("lang")).toBe("en");
  });
});
