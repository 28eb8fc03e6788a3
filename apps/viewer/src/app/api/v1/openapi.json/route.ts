import { handleChatOpenApiRequest } from "@parley/api/openapi/getChatOpenApiDocument";

export const dynamic = "force-dynamic";

/** GET {chat_url}/api/v1/openapi.json: the OpenAPI 3.1 document of the chat runtime. */
export { handleChatOpenApiRequest as GET };
