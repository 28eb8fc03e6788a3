import { router } from "../../trpc";
import { getFlowAnalytics } from "./getFlowAnalytics";
import { getLanguageStats } from "./getLanguageStats";
import { getSeries } from "./getSeries";
import { getStats } from "./getStats";

export const analyticsRouter = router({ getStats, getSeries, getFlowAnalytics, getLanguageStats });
