/** Zendesk's messaging snippet; the page loads it once, with the web widget's key. */
export const zendeskSnippetUrl = "https://static.zdassets.com/ekr/snippet.js";
/** The id Zendesk's snippet expects on its own script element. */
const snippetId = "ze-snippet";

type ZendeskApi = (...args: unknown[]) => void;

declare global {
  interface Window {
    /** Zendesk's messaging API, once its snippet has loaded (or the page installed Zendesk itself). */
    zE?: ZendeskApi;
  }
}

/**
 * A Zendesk block's `zendesk` action: loads Zendesk's snippet for `key` unless the page already has Zendesk
 * (its own install, or an earlier block), signs the visitor in with the JWT the server signed when there is one,
 * then opens the messenger. Resolves once the messenger was asked to open; rejects when the snippet cannot load.
 */
export async function openZendeskMessenger(
  { key, jwt }: { key: string; jwt: string | null },
  win: Window = window,
): Promise<void> {
  const zE = win.zE ?? (await loadSnippet(key, win.document));
  if (jwt) zE("messenger", "loginUser", (callback: (token: string) => void) => callback(jwt));
  zE("messenger", "open");
}

function loadSnippet(key: string, document: Document): Promise<ZendeskApi> {
  const win = document.defaultView as Window;
  return new Promise((resolve, reject) => {
    const existing = document.getElementById(snippetId);
    const script =
      existing instanceof HTMLScriptElement
        ? existing
        : Object.assign(document.createElement("script"), {
            id: snippetId,
            src: `${zendeskSnippetUrl}?key=${encodeURIComponent(key)}`,
            async: true,
          });
    script.addEventListener(
      "load",
      () => (win.zE ? resolve(win.zE) : reject(new Error("Zendesk's snippet loaded without zE"))),
      { once: true },
    );
    script.addEventListener("error", () => reject(new Error("Zendesk's snippet could not load")), {
      once: true,
    });
    if (!existing) document.head.appendChild(script);
  });
}
