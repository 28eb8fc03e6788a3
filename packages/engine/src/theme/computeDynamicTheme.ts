import type { DynamicThemeInput } from "@parley/schemas";
import { parseVariables } from "../variables/parseVariables";
import { createVariableScope } from "../variables/VariableScope";
import { getFrameFlow, type TurnContext } from "../walk/TurnContext";

/** Avatar and background URLs the theme takes from variables, with their current values; else null. */
export const computeDynamicTheme = (ctx: TurnContext): DynamicThemeInput | null => {
  const root = ctx.state.frames[0];
  if (!root) return null;
  const flow = getFrameFlow(ctx, root);
  const { theme } = flow;
  const scope = createVariableScope(flow, root.variables);
  const resolve = (value: string | undefined) =>
    value?.trim().startsWith("{{") ? parseVariables(value, scope) : undefined;
  const dynamicTheme: DynamicThemeInput = {};
  const hostAvatarUrl = resolve(theme.chat?.hostAvatar?.url);
  const guestAvatarUrl = resolve(theme.chat?.guestAvatar?.url);
  const backgroundUrl = resolve(theme.general?.background?.content);
  if (hostAvatarUrl !== undefined) dynamicTheme.hostAvatarUrl = hostAvatarUrl;
  if (guestAvatarUrl !== undefined) dynamicTheme.guestAvatarUrl = guestAvatarUrl;
  if (backgroundUrl !== undefined) dynamicTheme.backgroundUrl = backgroundUrl;
  return Object.keys(dynamicTheme).length > 0 ? dynamicTheme : null;
};
