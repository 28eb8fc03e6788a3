// Any other path under /api/v1 on {chat_url}: the contract's 404 body, not Next's HTML page.
import { handleUnknownApiPath } from "@parley/api/rest/handleUnknownApiPath";

export const dynamic = "force-dynamic";

export {
  handleUnknownApiPath as DELETE,
  handleUnknownApiPath as GET,
  handleUnknownApiPath as PATCH,
  handleUnknownApiPath as POST,
  handleUnknownApiPath as PUT,
};
