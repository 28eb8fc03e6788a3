import type { FlowSnapshot, SessionState } from "@parley/engine";
import { type Block, fileInputBlock, textInputBlock } from "@parley/schemas";

export interface UploadRules {
  blockId: string;
  /** A file input (its answer is the file's URL) rather than a text input taking attachments. */
  isFileInput: boolean;
  /** Extensions (`.pdf`) and MIME types (`image/*`, `application/pdf`); empty = any type. */
  allowedTypes: string[];
  isPrivate: boolean;
}

function findBlock(flow: FlowSnapshot, blockId: string): Block | null {
  for (const group of flow.groups) {
    for (const block of group.blocks) if (block.id === blockId) return block;
  }
  return null;
}

type Capture = { isEnabled?: boolean; visibility?: string } | undefined;
const isPrivate = (capture: Capture) => capture?.visibility === "Private";

/**
 * What the block a session waits at accepts as a file: a file input (its
 * allowed types), or a text input with attachments (any type) or voice clips
 * (audio). Null when the session does not wait for a file.
 */
export function getUploadRules(flow: FlowSnapshot, state: SessionState): UploadRules | null {
  const waiting = state.waitingFor;
  if (waiting?.kind !== "input") return null;
  const block = findBlock(flow, waiting.blockId);
  if (!block) return null;
  if (block.type === fileInputBlock.type) {
    const allowed = block.options?.allowedFileTypes;
    const types = allowed?.isEnabled ? (allowed.types ?? []) : [];
    return {
      blockId: block.id,
      isFileInput: true,
      allowedTypes: types.filter((type) => type.trim() !== ""),
      isPrivate: isPrivate(block.options),
    };
  }
  if (block.type === textInputBlock.type) {
    const { attachments, audioClip } = block.options ?? {};
    if (attachments?.isEnabled)
      return { blockId: block.id, isFileInput: false, allowedTypes: [], isPrivate: isPrivate(attachments) };
    if (audioClip?.isEnabled)
      return {
        blockId: block.id,
        isFileInput: false,
        allowedTypes: ["audio/*"],
        isPrivate: isPrivate(audioClip),
      };
  }
  return null;
}

/** Whether a file of `fileName` / `contentType` matches one of `allowedTypes` (empty: anything). */
export function isFileTypeAllowed(allowedTypes: string[], fileName: string, contentType: string): boolean {
  if (allowedTypes.length === 0) return true;
  const name = fileName.toLowerCase();
  const type = contentType.toLowerCase().split(";")[0]?.trim() ?? "";
  return allowedTypes.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.startsWith(".")) return name.endsWith(allowed);
    if (allowed.endsWith("/*")) return type.startsWith(allowed.slice(0, -1));
    if (allowed.includes("/")) return type === allowed;
    return name.endsWith(`.${allowed}`);
  });
}

/** A file name safe in a path and a URL: no separators, control characters or leading dots. */
export function toSafeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}
