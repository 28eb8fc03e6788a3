// POST /api/v1/bots/{publicId}/startChat on {base_url} too, so that every chat endpoint answers on
// both apps like continueChat and updateBot here (logic in packages/api/src/chat). The segment is
// named like its siblings; the handler reads the publicId from the path.
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(builderChatHandlers.startChat);
