import { handleFontRequest } from "@parley/chat-widget/server";

export const dynamic = "force-dynamic";

/** GET /fonts/{file}: the included theme fonts, served here so chats make no third-party request. */
export const GET = handleFontRequest;
