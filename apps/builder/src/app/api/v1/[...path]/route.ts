import { handleRestRequest } from "@parley/api";

export const dynamic = "force-dynamic";

export {
  handleRestRequest as DELETE,
  handleRestRequest as GET,
  handleRestRequest as PATCH,
  handleRestRequest as POST,
  handleRestRequest as PUT,
};
