import { handleUnknownApiPath } from "@parley/platform/http/handleUnknownApiPath";
import { createChatRouter } from "../createChatRouter";
import { createChatRuntime } from "../createChatRuntime";
import { getDomainRoutes } from "../custom-domains/getDomainRoutes";

/**
 * Every path under {chat_url}/api/v1 (the viewer's catch-all route and `npm run chat-server`):
 * the chat endpoints, bearer tokens only, configured from the environment; else the contract's 404.
 * On a verified custom domain (the request's Host), the endpoints naming a bot serve its bots only.
 */
export const viewerRuntime = createChatRuntime();
export const handleViewerApiRequest = createChatRouter(viewerRuntime, "viewer", handleUnknownApiPath, {
  getDomainBots: (request) => getDomainRoutes().lookup(request.headers.get("host")),
});
