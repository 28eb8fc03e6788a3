import type { ApiTokenScope } from "@parley/schemas/management/apiTokenScopes";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** What each scope lets a token do, in the words of the API tokens page (a scope without one does not compile). */
export const getApiTokenScopeLabels = (
  t: InterfaceTranslator<"ApiTokenScopes">,
): Record<ApiTokenScope, string> => ({
  "bots:read": t("botsRead"),
  "bots:write": t("botsWrite"),
  "results:read": t("resultsRead"),
  "results:write": t("resultsWrite"),
  chat: t("chat"),
  "inbox:read": t("inboxRead"),
  "inbox:write": t("inboxWrite"),
  "workspaces:read": t("workspacesRead"),
  "workspaces:admin": t("workspacesAdmin"),
  account: t("account"),
  "instance:admin": t("instanceAdmin"),
});
