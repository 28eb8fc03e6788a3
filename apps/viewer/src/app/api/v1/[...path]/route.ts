// Every path under {chat_url}/api/v1: the chat endpoints of packages/chat/src/chatEndpoints.ts,
// else the contract's 404 body. Every method goes to it, so a method an endpoint does not serve is
// the contract's NOT_FOUND too, and OPTIONS answers the CORS preflight of websites' widgets.
import { handleViewerApiRequest } from "@parley/chat/mounts/handleViewerApiRequest";

export const dynamic = "force-dynamic";

export {
  handleViewerApiRequest as DELETE,
  handleViewerApiRequest as GET,
  handleViewerApiRequest as OPTIONS,
  handleViewerApiRequest as PATCH,
  handleViewerApiRequest as POST,
  handleViewerApiRequest as PUT,
};
