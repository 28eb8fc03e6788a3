import { router } from "../../trpc";
import { getFlowAnalytics } from "./getFlowAnalytics";
import { getStats } from "./getStats";

export const analyticsRouter = router({ getStats, getFlowAnalytics });
