// GET /api/v1/files/…: uploaded files, private ones with the builder's sign-in cookie (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(builderChatHandlers.getFile);
