// PUT of a preview upload on the builder's origin (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(builderChatHandlers.putUpload);
