// PUT of a preview upload on the builder's origin (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";

export const PUT = builderChatHandlers.putUpload;
