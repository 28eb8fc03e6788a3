import {
  getTagManagerScript,
  getThemeVariables,
  hashCode,
  startPropMarker,
} from "@parley/chat-widget/server";
import {
  languageDirection,
  listBotLanguages,
  localizeFlow,
  matchFirstLanguage,
  parseAcceptLanguage,
} from "@parley/schemas";
import escapeHtml from "escape-html";
import type { SharePage } from "./loadSharePage";

/**
 * The language a share page opens in (docs/languages.md): the URL's `lang` parameter, then the browser's
 * `Accept-Language`, each where the bot's detection order lists its source, among the bot's languages; else its
 * default. Null for a one-language bot. The conversation may then switch it (the widget updates the document).
 */
export function chooseSharePageLanguage(
  page: Pick<SharePage, "settings">,
  request: { url: string; acceptLanguage: string | null },
): string | null {
  const languages = page.settings.languages;
  if (!languages) return null;
  const available = listBotLanguages(page.settings);
  const lang = new URL(request.url).searchParams.get("lang");
  for (const source of languages.detection ?? ["variable", "browser"]) {
    const requested =
      source === "variable"
        ? lang
          ? [lang]
          : []
        : source === "browser"
          ? parseAcceptLanguage(request.acceptLanguage)
          : [];
    const match = matchFirstLanguage(requested, available);
    if (match) return match;
  }
  return languages.defaultLanguage;
}

/**
 * The share page as plain HTML: its head (title, description, robots, favicon, social cards, the
 * bot's head code and tag manager) and the widget mounted by /embed.js (Preact, 54 KB gzip). No
 * framework runtime is shipped to the visitor, so the first bubble waits for one small script and
 * one startChat (docs/chat-runtime.md, "The widget's size and speed").
 */
export function renderSharePage(original: SharePage, language: string | null = null): string {
  // Title, description and the closed bot's message in the page's language.
  const page = {
    ...original,
    settings: localizeFlow({ groups: [], settings: original.settings }, language).settings,
  };
  const { metadata } = page.settings;
  const title = metadata.title || page.name;
  const description = metadata.description || undefined;
  const image = toHttpUrl(metadata.imageUrl);
  const icon = toHttpUrl(metadata.favIconUrl);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    description ? meta("name", "description", description) : "",
    meta("name", "robots", metadata.allowIndexing ? "index, follow" : "noindex, nofollow"),
    icon ? `<link rel="icon" href="${escapeHtml(icon)}">` : "",
    meta("property", "og:title", title),
    description ? meta("property", "og:description", description) : "",
    image ? meta("property", "og:image", image) : "",
    meta("property", "og:type", "website"),
    meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    description ? meta("name", "twitter:description", description) : "",
    image ? meta("name", "twitter:image", image) : "",
    // The page's own background from the first paint (no white flash before the widget loads).
    `<style>html,body{margin:0;height:100%;background:${getThemeVariables(page.theme)["--parley-background"]}}</style>`,
    page.isClosed ? "" : '<link rel="preload" href="/embed.js" as="script">',
    renderHeadCode(page),
  ];
  const body = page.isClosed ? renderClosedBot(page) : renderChat(page);
  return renderDocument(head.filter(Boolean).join(""), body, language);
}

/** The 404 of a public id that is no live, shared bot. */
export function renderBotNotFound(): string {
  return renderDocument(
    `<title>Bot not found</title>${meta("name", "robots", "noindex, nofollow")}<style>body{margin:0}</style>`,
    `<main style="min-height:100vh;display:grid;place-items:center;padding:24px;box-sizing:border-box;background:#F4F4F6;color:#18181B;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<div style="text-align:center;max-width:420px"><p style="margin:0;font-size:14px;font-weight:600;letter-spacing:0.08em;color:#4338CA">404</p>
<h1 style="margin:8px 0 12px;font-size:28px;line-height:1.2">This bot does not exist</h1>
<p style="margin:0;color:#52525B;line-height:1.6">The link may be mistyped, or the bot was unpublished by its author.</p></div></main>`,
  );
}

function renderDocument(head: string, body: string, language: string | null = null) {
  const lang = language ? `lang="${escapeHtml(language)}" dir="${languageDirection(language)}"` : 'lang="en"';
  return `<!DOCTYPE html><html ${lang}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}</head><body>${body}</body></html>`;
}

/**
 * The widget, full page. The URL's query parameters become prefilled variables, then leave the
 * address bar. The first startChat is sent at once, while /embed.js downloads (the widget takes it,
 * packages/chat-widget/src/api/takeEarlyStart.ts), unless a remembered chat of this bot will resume.
 */
function renderChat(page: SharePage) {
  const chatKey = page.chatKey ?? "";
  const options = {
    publicId: page.publicId,
    chatKey,
    theme: page.theme,
    settings: page.settings,
    element: "#parley-share",
    layout: "page",
  };
  const isHidingQuery = page.settings.general?.isHideQueryParamsEnabled !== false;
  const startUrl = `/api/v1/bots/${encodeURIComponent(page.publicId)}/startChat`;
  const start =
    `(function(){var v={};new URLSearchParams(location.search).forEach(function(value,key){v[key]=value});` +
    `window.__parleyShareVariables=v;` +
    (isHidingQuery
      ? 'if(location.search)history.replaceState(history.state,"",location.pathname+location.hash);'
      : "") +
    `var k=${scriptString(`parley-chat:${page.publicId}`)};` +
    "try{if(sessionStorage.getItem(k)||localStorage.getItem(k))return}catch(e){}" +
    "var id=crypto.randomUUID?crypto.randomUUID():String(Date.now())+Math.random();" +
    `window.__parleyEarlyStart={publicId:${scriptString(page.publicId)},variables:JSON.stringify(v),` +
    `response:fetch(${scriptString(startUrl)},{method:"POST",credentials:"omit",headers:{"Content-Type":"application/json",` +
    `"Idempotency-Key":id,Authorization:${scriptString(`Bearer ${chatKey}`)}},` +
    'body:JSON.stringify({textBubbleContentFormat:"richText",prefilledVariables:v,isStreamEnabled:true})})};})();';
  const init =
    `(function(){var o=${toScriptString(JSON.stringify(options))};` +
    "o.prefilledVariables=window.__parleyShareVariables;Parley.initStandard(o);})();";
  return `<div id="parley-share" style="height:100dvh"></div><script>${start}</script><script src="/embed.js"></script><script>${init}</script>`;
}

/** A JS string literal of `text`, safe inside a <script> element. */
function scriptString(text: string) {
  return toScriptString(JSON.stringify(text));
}

/** What a closed bot's page shows: its `botClosed` system message, in its colours. */
function renderClosedBot(page: SharePage) {
  const variables = getThemeVariables(page.theme);
  const message = page.settings.general.systemMessages.botClosed;
  return `<main role="status" style="min-height:100dvh;display:grid;place-items:center;padding:24px;box-sizing:border-box;font-family:${escapeHtml(variables["--parley-font"])};color:${escapeHtml(variables["--parley-container-color"])}"><div style="max-width:460px;padding:28px 32px;text-align:center;font-size:18px;line-height:1.5;background:${escapeHtml(variables["--parley-container-bg"])};border-radius:16px;box-shadow:0 1px 3px rgb(0 0 0 / 0.08)">${escapeHtml(message ?? "")}</div></main>`;
}

/** The bot's custom head code and Google Tag Manager, on this bot's page only. */
function renderHeadCode(page: SharePage) {
  const { customHeadCode, tagManagerId } = page.settings.metadata;
  const gtm = getTagManagerScript(tagManagerId);
  const headLoader = customHeadCode?.trim()
    ? // A parsed fragment's scripts run when inserted; the marker stops the widget from injecting it again.
      `(function(){var f=document.createRange().createContextualFragment(${toScriptString(JSON.stringify(customHeadCode))});` +
      `Array.prototype.forEach.call(f.children,function(e){e.setAttribute(${toScriptString(JSON.stringify(startPropMarker))},${toScriptString(JSON.stringify(`head:${hashCode(customHeadCode)}`))})});` +
      "document.head.appendChild(f);})();"
    : undefined;
  return [
    headLoader ? `<script>${headLoader}</script>` : "",
    gtm ? `<script ${startPropMarker}="${escapeHtml(`gtm:${tagManagerId}`)}">${gtm}</script>` : "",
  ].join("");
}

function meta(attribute: "name" | "property", key: string, content: string) {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

/** A JS string literal (already JSON) that cannot close the <script> element it sits in. */
function toScriptString(json: string) {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function toHttpUrl(value: string | undefined) {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
