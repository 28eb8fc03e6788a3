import type { ChatSessionRow } from "@parley/db/queries/readChatSession";
import { parseSessionState } from "@parley/engine";
import { ChatError } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import { loadSessionFlow } from "../persistence/loadSessionFlow";
import { loadLinkedBot } from "../ports/loadLinkedBot";
import { getUploadRules, isFileTypeAllowed, toSafeFileName } from "./getUploadRules";

export const uploadErrors = {
  notExpected: () =>
    new ChatError("BAD_REQUEST", {
      message: "The session does not wait for a file",
      code: "UPLOAD_NOT_EXPECTED",
    }),
  typeNotAllowed: () =>
    new ChatError("BAD_REQUEST", {
      message: "This type of file is not accepted here",
      code: "FILE_TYPE_NOT_ALLOWED",
      path: ["fileType"],
    }),
  tooLarge: (maxBytes: number) =>
    new ChatError("BAD_REQUEST", {
      message: `The file is larger than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`,
      code: "FILE_TOO_LARGE",
      path: ["fileSize"],
    }),
};

/**
 * Where a file for the block a session waits at goes, after checking that the
 * block accepts files of this name and type: the storage key
 * `<public|private>/<workspace>/<bot>/<result>/<fileId>/<name>`.
 */
export async function resolveUploadTarget(
  runtime: ChatRuntime,
  session: ChatSessionRow,
  file: { fileId: string; fileName: string; contentType: string },
) {
  const state = parseSessionState(session.state);
  const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
  const frame = state.frames[state.frames.length - 1];
  const frameFlow =
    !frame || frame.flowId === flow.id
      ? flow
      : await loadLinkedBot(
          runtime,
          { workspaceId: session.workspaceId, isPreview: session.isPreview, previewSnapshots },
          {
            botId: frame.botId,
            workspaceId: session.workspaceId,
            isPreview: session.isPreview,
            flowId: frame.flowId,
          },
        );
  const rules = frameFlow ? getUploadRules(frameFlow, state) : null;
  if (!rules) throw uploadErrors.notExpected();
  const fileName = toSafeFileName(file.fileName);
  if (!isFileTypeAllowed(rules.allowedTypes, fileName, file.contentType)) throw uploadErrors.typeNotAllowed();
  const resultFolder = session.isPreview ? "preview" : (frame?.resultId ?? session.resultId ?? "unknown");
  const key = [
    rules.isPrivate ? "private" : "public",
    session.workspaceId,
    frame?.botId ?? session.botId,
    resultFolder,
    file.fileId,
    fileName,
  ].join("/");
  return {
    key,
    fileName,
    isPrivate: rules.isPrivate,
    isFileInput: rules.isFileInput,
    settings: flow.settings,
  };
}
