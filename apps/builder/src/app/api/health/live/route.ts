import { handleLivenessRequest } from "@parley/platform/health";

export const dynamic = "force-dynamic";

export { handleLivenessRequest as GET };
