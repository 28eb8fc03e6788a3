import { describe, expect, it, vi } from "vitest";
import { handleWidgetTextsRequest } from "./assets/serveWidgetTexts";
import { answerWidgetTexts, createLoopbackServer } from "./testing/loopbackServer";
import { widgetTextCatalogues } from "./widget-texts/widgetTextCatalogues";

const argumentsOf = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** The viewer's `/embed-texts/<file>` route on a local port, counting the requests it answers. */
const requests: string[] = [];
const viewer = createLoopbackServer((incoming, outgoing) => {
  requests.push(incoming.url ?? "");
  void answerWidgetTexts(incoming, outgoing);
});

/** The module as a page loads it, with English only (other test files may have registered catalogues). */
async function freshWidgetTexts() {
  vi.resetModules();
  return import("./widgetTexts");
}

describe("the widget's own texts", () => {
  it("have English's keys and arguments in every language", () => {
    const english = widgetTextCatalogues.en;
    for (const [language, catalogue] of Object.entries(widgetTextCatalogues)) {
      expect(Object.keys(catalogue), language).toEqual(Object.keys(english));
      for (const [key, message] of Object.entries(english)) {
        const translated = catalogue[key as keyof typeof english];
        expect(translated.trim(), `${language} ${key}`).not.toBe("");
        expect(argumentsOf(translated), `${language} ${key}`).toEqual(argumentsOf(message));
      }
    }
  });

  it("are English until the conversation's catalogue is fetched from the viewer, then in its language", async () => {
    const { loadWidgetTexts, widgetText } = await freshWidgetTexts();
    expect(widgetText("de-AT", "step", { step: "0,5" })).toBe("Please enter a multiple of 0,5.");
    requests.length = 0;
    expect(await loadWidgetTexts(`${viewer.apiHost}/`, "de-AT")).toBe(true);
    expect(requests).toEqual(["/embed-texts/de.json"]);
    expect(widgetText("de-AT", "step", { step: "0,5" })).toBe("Bitte geben Sie ein Vielfaches von 0,5 ein.");
    expect(widgetText("de", "dismiss")).toBe("Schließen");
    // Once per page; a language without a catalogue reads English and fetches nothing.
    expect(await loadWidgetTexts(viewer.apiHost, "de")).toBe(false);
    expect(await loadWidgetTexts(viewer.apiHost, "ja")).toBe(false);
    expect(requests).toEqual(["/embed-texts/de.json"]);
    expect(widgetText("ja", "dismiss")).toBe("Dismiss");
    expect(widgetText(null, "atMost", { max: "10" })).toBe("Please enter a number of at most 10.");
  });

  it("keep English when the catalogue cannot be fetched, and try again later", async () => {
    const { loadWidgetTexts, widgetText } = await freshWidgetTexts();
    expect(await loadWidgetTexts("http://127.0.0.1:9", "pt")).toBe(false);
    expect(widgetText("pt", "failed")).toBe("Something went wrong.");
    expect(await loadWidgetTexts(viewer.apiHost, "pt")).toBe(true);
    expect(widgetText("pt", "failed")).toBe("Algo deu errado.");
  });

  it("are served by language, any other file answering 404", async () => {
    const serve = (file: string) =>
      handleWidgetTextsRequest(new Request("http://viewer/"), { params: Promise.resolve({ file }) });
    const french = await serve("fr.json");
    expect(french.status).toBe(200);
    expect(french.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await french.json()) as Record<string, string>).dismiss).toBe("Fermer");
    expect((await serve("xx.json")).status).toBe(404);
    expect((await serve("constructor.json")).status).toBe(404);
    expect((await serve("../package.json")).status).toBe(404);
  });
});
