import { handleHealthRequest } from "@parley/platform";

export const dynamic = "force-dynamic";

export { handleHealthRequest as GET };
