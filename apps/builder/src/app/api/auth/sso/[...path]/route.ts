import { handleSsoRequest } from "@parley/api/sso/handleSsoRequest";

export const dynamic = "force-dynamic";

export { handleSsoRequest as GET };
