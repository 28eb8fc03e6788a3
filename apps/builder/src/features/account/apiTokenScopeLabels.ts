import type { ApiTokenScope } from "@parley/schemas/management/apiTokenScopes";

/** What each scope lets a token do, in the words of the API tokens page. */
export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  "bots:read": "Read bots, folders, themes and knowledge bases",
  "bots:write": "Create, edit, publish and delete them",
  "results:read": "Read and export results",
  "results:write": "Delete results, redeliver webhooks",
  chat: "Start and continue chats",
  "inbox:read": "Read inbox conversations",
  "inbox:write": "Reply to, assign and close conversations",
  "workspaces:read": "Read workspaces, members, usage and credentials",
  "workspaces:admin": "Manage workspaces, members, invitations, plan and credentials",
  account: "Manage your API tokens",
  "instance:admin": "Instance administration (operators only)",
};
