import { handleWidgetTextsRequest } from "@parley/chat-widget/server";

export const dynamic = "force-dynamic";

/** GET /embed-texts/{language}.json: the chat widget's own words in a conversation's language. */
export const GET = handleWidgetTextsRequest;
