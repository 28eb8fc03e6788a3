import { createChatRouter } from "@parley/chat/createChatRouter";
import { getBuilderChatRuntime } from "./builderChatRuntime";
import { handleRestRequest } from "./mounts";

/**
 * Every path under {base_url}/api/v1 (the builder's catch-all route): the chat endpoints for its
 * preview chat, where its sign-in cookie authenticates too (same origin: no CORS with
 * credentials, no cookie on the viewer's domain); else the REST API.
 */
export const handleBuilderApiRequest = createChatRouter(
  getBuilderChatRuntime(),
  "builder",
  handleRestRequest,
);
