import { router } from "../../trpc";
import { getFlowAnalytics } from "./getFlowAnalytics";
import { getLanguageStats } from "./getLanguageStats";
import { getSeries } from "./getSeries";
import { getStats } from "./getStats";
import { getVersionStats } from "./getVersionStats";

export const analyticsRouter = router({
  getStats,
  getSeries,
  getFlowAnalytics,
  getLanguageStats,
  getVersionStats,
});
