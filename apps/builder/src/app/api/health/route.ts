import { handleHealthRequest } from "@parley/api";

export const dynamic = "force-dynamic";

export { handleHealthRequest as GET };
