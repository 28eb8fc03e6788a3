export interface StartProps {
  googleAnalyticsId?: string | null;
  pixelIds?: readonly string[];
  gtmId?: string | null;
  customHeadCode?: string | null;
}

const gtmIdPattern = /^GTM-[A-Z0-9]{1,16}$/;
const gaIdPattern = /^(G|UA|AW|DC)-[A-Z0-9-]{1,24}$/i;
const pixelIdPattern = /^\d{1,20}$/;

/** Marker on everything injected, so a page that already carries an item (share page) is not injected twice. */
export const startPropMarker = "data-parley-start-prop";

/** Inline code of the Google Tag Manager loader for a valid container id, else undefined. */
export function getTagManagerScript(gtmId: string | null | undefined): string | undefined {
  if (!gtmId || !gtmIdPattern.test(gtmId)) return undefined;
  return `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${gtmId}');`;
}

/**
 * Injects the bot's tracking and custom head code into the host page (published bots only:
 * the runtime never sends them in preview). Each item is injected once per page.
 */
export function injectStartProps(props: StartProps, doc: Document = document) {
  const gtm = getTagManagerScript(props.gtmId);
  if (gtm) injectInlineScript(doc, `gtm:${props.gtmId}`, gtm);
  if (props.googleAnalyticsId && gaIdPattern.test(props.googleAnalyticsId)) {
    const id = props.googleAnalyticsId;
    injectScriptSource(doc, `ga-src:${id}`, `https://www.googletagmanager.com/gtag/js?id=${id}`);
    injectInlineScript(
      doc,
      `ga:${id}`,
      `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}window.gtag=window.gtag||gtag;gtag('js',new Date());gtag('config','${id}');`,
    );
  }
  for (const pixelId of props.pixelIds ?? []) {
    if (!pixelIdPattern.test(pixelId)) continue;
    injectInlineScript(
      doc,
      `pixel:${pixelId}`,
      `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${pixelId}');fbq('track','PageView');`,
    );
  }
  if (props.customHeadCode) injectHeadCode(doc, props.customHeadCode);
}

/** Inserts author HTML into <head>; scripts in it run (a parsed fragment's scripts execute on insertion). */
export function injectHeadCode(doc: Document, html: string) {
  const marker = `head:${hashCode(html)}`;
  if (doc.head.querySelector(`[${startPropMarker}="${marker}"]`)) return;
  const fragment = doc.createRange().createContextualFragment(html);
  for (const element of Array.from(fragment.children)) element.setAttribute(startPropMarker, marker);
  doc.head.append(fragment);
}

function injectInlineScript(doc: Document, marker: string, code: string) {
  if (doc.querySelector(`[${startPropMarker}="${marker}"]`)) return;
  const script = doc.createElement("script");
  script.setAttribute(startPropMarker, marker);
  script.textContent = code;
  doc.head.append(script);
}

function injectScriptSource(doc: Document, marker: string, src: string) {
  if (doc.querySelector(`[${startPropMarker}="${marker}"]`)) return;
  const script = doc.createElement("script");
  script.setAttribute(startPropMarker, marker);
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** A short stable hash (FNV-1a) naming a piece of head code. */
export function hashCode(text: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
