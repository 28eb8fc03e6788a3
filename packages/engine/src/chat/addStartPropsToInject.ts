import { getFlowIndex } from "../flow/getFlowIndex";
import type { FlowSnapshot } from "../types/flow";
import { addLog, type TurnContext } from "../walk/TurnContext";

/**
 * Live chats start by loading the bot's trackers and custom head code (`startPropsToInject`, always
 * the first action); preview only says they are left out.
 */
export const addStartPropsToInject = (ctx: TurnContext, flow: FlowSnapshot): void => {
  const { trackers } = getFlowIndex(flow);
  const metadata = flow.settings.metadata ?? {};
  const props = {
    googleAnalyticsId: trackers.googleAnalyticsId,
    pixelIds: trackers.pixelIds,
    gtmId: metadata.tagManagerId?.trim() || null,
    customHeadCode: metadata.customHeadCode?.trim() || null,
  };
  const hasProps =
    props.googleAnalyticsId || props.pixelIds.length > 0 || props.gtmId || props.customHeadCode;
  if (!hasProps) return;
  if (ctx.state.isPreview) {
    addLog(ctx, { status: "info", description: "Custom head code and trackers are not loaded in preview" });
    return;
  }
  ctx.clientSideActions.unshift({ type: "startPropsToInject", startPropsToInject: props });
};
