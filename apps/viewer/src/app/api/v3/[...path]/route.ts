// Every path under {chat_url}/api/v3: Typebot's chat paths served beside ours (docs/typebot-compat.md), from the
// same table as /api/v1 (packages/chat/src/chatEndpoints.ts); else the contract's 404 body.
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
