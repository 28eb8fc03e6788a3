import { handleHealthRequest } from "@parley/platform/health";

export const dynamic = "force-dynamic";

export { handleHealthRequest as GET };
