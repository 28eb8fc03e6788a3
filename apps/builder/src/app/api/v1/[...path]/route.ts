// Every path under {base_url}/api/v1 but openapi.json: the chat endpoints of
// packages/chat/src/chatEndpoints.ts for the preview chat (sign-in cookie too), else the REST
// API. No OPTIONS: the builder's own pages call it from the same origin.
import { handleBuilderApiRequest } from "@parley/api/handleBuilderApiRequest";

export const dynamic = "force-dynamic";

export {
  handleBuilderApiRequest as DELETE,
  handleBuilderApiRequest as GET,
  handleBuilderApiRequest as PATCH,
  handleBuilderApiRequest as POST,
  handleBuilderApiRequest as PUT,
};
