import { type FileInputBlock, textBubbleBlock } from "@parley/schemas";
import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse } from "../shared/createInputResponse";
import { isAllowedFileUrl } from "./isAllowedFileUrl";

const DEFAULT_SKIP_LABEL = "Skip";

/**
 * `file input`: the reply lists uploaded file URLs (", "-separated, or `attachedFileUrls`); each must
 * be an http(s) URL of an allowed type; single mode keeps the first. Not required: no reply (or the
 * skip label) leaves along the default edge.
 */
export const fileInput: InputExecutor<FileInputBlock> = {
  kind: "input",
  replyEventInputType: "file",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const options = run.block.options ?? {};
    const isRequired = options.isRequired ?? true;
    const text = reply?.type === textBubbleBlock.type ? reply.text.trim() : "";
    const hasFiles = reply?.type === textBubbleBlock.type && (reply.attachedFileUrls?.length ?? 0) > 0;
    if (!hasFiles && (text === "" || text === (options.labels?.skip ?? DEFAULT_SKIP_LABEL))) {
      if (!isRequired) return { status: "skip" };
      return reply ? { status: "fail" } : { status: "noReply" };
    }
    const urls = getReplyUrls(reply);
    if (urls.length === 0) return { status: "fail" };
    if (!urls.every(isHttpUrl)) return { status: "fail" };
    const allowedTypes = options.allowedFileTypes?.isEnabled
      ? (options.allowedFileTypes.types ?? [])
      : undefined;
    if (allowedTypes?.length && !urls.every((url) => isAllowedFileUrl(url, allowedTypes)))
      return { status: "fail" };
    const kept = options.isMultipleAllowed ? urls : urls.slice(0, 1);
    return {
      status: "success",
      content: kept.join(", "),
      attachedFileUrls: kept,
    };
  },
};

const getReplyUrls = (reply: Parameters<InputExecutor["parseReply"]>[1]): string[] => {
  if (reply?.type !== textBubbleBlock.type) return [];
  if (reply.attachedFileUrls?.length) return reply.attachedFileUrls;
  return reply.text
    .split(/,\s*|\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
};

const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};
