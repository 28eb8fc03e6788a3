import { handleReadinessRequest } from "@parley/platform/health";

export const dynamic = "force-dynamic";

export { handleReadinessRequest as GET };
