import type { TurnContext } from "./TurnContext";

/**
 * Loads the snapshots of the linked bots the session is in (the root one is given). A linked bot
 * that is gone is left: the session goes back to its parent, which starts that path again.
 */
export const loadFrameFlows = async (ctx: TurnContext): Promise<void> => {
  const { state, ports } = ctx;
  for (let position = 1; position < state.frames.length; position += 1) {
    const frame = state.frames[position];
    if (!frame || ctx.flows.has(frame.flowId)) continue;
    const request = { botId: frame.botId, workspaceId: state.workspaceId, isPreview: state.isPreview };
    const flow =
      (await ports.loadBot({ ...request, flowId: frame.flowId })) ?? (await ports.loadBot(request));
    if (!flow || flow.workspaceId !== state.workspaceId) {
      state.frames = state.frames.slice(0, position);
      state.waitingFor = null;
      return;
    }
    ctx.flows.set(frame.flowId, flow);
    if (flow.id !== frame.flowId) ctx.flows.set(flow.id, flow);
    frame.flowId = flow.id;
  }
};
