import {
  getTagManagerScript,
  getThemeVariables,
  hashCode,
  startPropMarker,
} from "@parley/chat-widget/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadSharePage, type SharePage } from "@/lib/loadSharePage";
import { ClosedBot } from "./ClosedBot";
import { SharePageChat } from "./SharePageChat";

export const dynamic = "force-dynamic";

type Params = Promise<{ publicId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const page = await loadSharePage((await params).publicId);
  if (!page) return { title: "Bot not found", robots: { index: false, follow: false } };
  const { metadata } = page.settings;
  const title = metadata.title || page.name;
  const description = metadata.description || undefined;
  const image = toHttpUrl(metadata.imageUrl);
  const icon = toHttpUrl(metadata.favIconUrl);
  return {
    title,
    description,
    icons: icon ? { icon } : undefined,
    robots: metadata.allowIndexing ? { index: true, follow: true } : { index: false, follow: false },
    openGraph: { title, description, images: image ? [image] : undefined, type: "website" },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title,
      description,
      images: image ? [image] : undefined,
    },
  };
}

/** The share page: the published bot, full page, with its own head code and tag manager. */
export default async function SharePageRoute({ params }: { params: Params }) {
  const page = await loadSharePage((await params).publicId);
  if (!page) notFound();
  const background = getThemeVariables(page.theme)["--parley-background"];
  return (
    <>
      {/* The page's own background from the first paint (no white flash before the widget loads). */}
      <style>{`html,body{margin:0;height:100%;background:${background}}`}</style>
      <HeadCode page={page} />
      {page.isClosed ? (
        <ClosedBot message={page.settings.general.systemMessages.botClosed} theme={page.theme} />
      ) : (
        <SharePageChat
          publicId={page.publicId}
          chatKey={page.chatKey ?? ""}
          theme={page.theme}
          settings={page.settings}
        />
      )}
    </>
  );
}

/** The bot's custom head code and Google Tag Manager, on this bot's page only. */
function HeadCode({ page }: { page: SharePage }) {
  const { customHeadCode, tagManagerId } = page.settings.metadata;
  const gtm = getTagManagerScript(tagManagerId);
  const headLoader = customHeadCode?.trim()
    ? // A parsed fragment's scripts run when inserted; the marker stops the widget from injecting it again.
      `(function(){var f=document.createRange().createContextualFragment(${toScriptString(customHeadCode)});` +
      `Array.prototype.forEach.call(f.children,function(e){e.setAttribute(${toScriptString(startPropMarker)},${toScriptString(`head:${hashCode(customHeadCode)}`)})});` +
      "document.head.appendChild(f);})();"
    : undefined;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the bot author's own code, on their bot's page only */}
      {headLoader ? <script dangerouslySetInnerHTML={{ __html: headLoader }} /> : null}
      {gtm ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the standard GTM loader for a validated container id
        <script {...{ [startPropMarker]: `gtm:${tagManagerId}` }} dangerouslySetInnerHTML={{ __html: gtm }} />
      ) : null}
    </>
  );
}

/** A JS string literal that cannot close the <script> element it sits in. */
function toScriptString(value: string) {
  return JSON.stringify(value)
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
