import type { ConversationAttachment } from "@parley/schemas/management/inbox";
import { FileText } from "lucide-react";

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A file sent with a message, as the visitor got it: the picture itself, or a link to the document. */
export function AttachmentPreview({ attachment }: { attachment: ConversationAttachment }) {
  if (attachment.contentType.startsWith("image/"))
    return (
      <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="block">
        {/* biome-ignore lint/performance/noImgElement: a file served by the chat runtime's origin (or the bucket), which next/image would need configured */}
        <img
          src={attachment.url}
          alt={attachment.name}
          className="max-h-48 max-w-full rounded-lg border border-line"
          data-testid="inbox-attachment"
        />
      </a>
    );
  return (
    <a
      href={attachment.url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-ink underline-offset-2 hover:underline"
      data-testid="inbox-attachment"
    >
      <FileText size={16} aria-hidden />
      <span className="break-all">{attachment.name}</span>
      <span className="text-[12px] text-muted">{formatSize(attachment.size)}</span>
    </a>
  );
}
