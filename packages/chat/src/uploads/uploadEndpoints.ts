import { bothHosts, type ChatEndpoint, defineChatEndpoint, viewerHost } from "../core/chatEndpoint";
import { authText, sessionParam, typebotAuthText } from "../core/endpointDocs";
import {
  createTypebotUpload,
  createUpload,
  createUploadRequestSchema,
  createUploadResponseSchema,
  typebotUploadRequestSchema,
  typebotUploadResponseSchema,
} from "./createUpload";
import { getFile } from "./getFile";
import { putUpload } from "./putUpload";

/** A file for the current input: allowed, uploaded, then served (the last two are URLs the API hands out). */
export const uploadEndpoints: readonly ChatEndpoint[] = [
  defineChatEndpoint({
    method: "POST",
    path: "/sessions/{sessionId}/uploads",
    hosts: bothHosts,
    handle: createUpload,
    docs: {
      operationId: "createChatUpload",
      summary: "Upload a file for the current input",
      description: `Allows one file for the input the session waits at (file input, or text input with attachments or voice clips), checked against its allowed types and the size limit. PUT the file to \`uploadUrl\` with \`headers\`, then answer with \`fileUrl\`. ${authText} Issue codes: UPLOAD_NOT_EXPECTED, FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE.`,
      params: sessionParam,
      request: createUploadRequestSchema,
      response: createUploadResponseSchema,
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/generate-upload-url",
    apiVersion: "v3",
    hosts: viewerHost,
    handle: createTypebotUpload,
    docs: {
      operationId: "typebotGenerateUploadUrl",
      summary: "Upload a file for the current input (Typebot's path)",
      description: `createChatUpload in Typebot's shape: PUT the file to \`presignedUrl\` with its Content-Type (\`formData\` is always empty), then answer with \`fileUrl\`. ${typebotAuthText}`,
      params: {},
      request: typebotUploadRequestSchema,
      response: typebotUploadResponseSchema,
    },
  }),
  defineChatEndpoint({
    method: "PUT",
    path: "/sessions/{sessionId}/uploads/{fileId}/{fileName}",
    hosts: bothHosts,
    handle: putUpload,
  }),
  defineChatEndpoint({
    method: "GET",
    path: "/files/{visibility}/{workspaceId}/{botId}/{resultFolder}/{fileId}/{fileName}",
    hosts: bothHosts,
    handle: getFile,
  }),
];
