import type { UrlInputBlock } from "@parley/schemas";
import { createTextReplyInput } from "../shared/createTextReplyInput";

/**
 * A web address as people type it: with or without `http(s)://`, a host with a top-level domain
 * (or localhost), no spaces. Stored as typed.
 */
export const isValidUrl = (text: string): boolean => {
  if (!text || /\s/.test(text)) return false;
  const withProtocol = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withProtocol);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "ftp:") return false;
  const host = url.hostname;
  if (host === "localhost" || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) return true;
  const labels = host.split(".");
  const tld = labels.at(-1) ?? "";
  return labels.length >= 2 && labels.every(Boolean) && /^([a-z]{2,63}|xn--[a-z0-9-]+)$/i.test(tld);
};

/** `url input`: a valid web address, stored as typed. */
export const urlInput = createTextReplyInput<UrlInputBlock>(
  (_run, text) =>
    isValidUrl(text.trim()) ? { status: "success", content: text.trim() } : { status: "fail" },
  { replyEventInputType: "url" },
);
