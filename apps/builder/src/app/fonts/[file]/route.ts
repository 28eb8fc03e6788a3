import { handleFontRequest } from "@parley/chat-widget/server";

export const dynamic = "force-dynamic";

/** GET /fonts/{file}: the included theme fonts, for the preview and the theme editor (chats get them from the viewer). */
export const GET = handleFontRequest;
