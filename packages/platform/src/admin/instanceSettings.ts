import { readConfig } from "@parley/config";
import { forbidden } from "../errors";

/**
 * The instance's operators (`ADMIN_EMAILS`) and what a new workspace starts with (`DEFAULT_WORKSPACE_PLAN`,
 * `DEFAULT_WORKSPACE_CHATS_HARD_LIMIT`). Read from the environment on each call: a few variables, and a
 * process that changes them (a test) sees the change.
 */
export function readInstanceSettings() {
  return readConfig(["ADMIN_EMAILS", "DEFAULT_WORKSPACE_PLAN", "DEFAULT_WORKSPACE_CHATS_HARD_LIMIT"]);
}

/** Whether this account is one of the instance's operators (its e-mail is in `ADMIN_EMAILS`). */
export function isInstanceOperator(user: { email: string }): boolean {
  return readInstanceSettings().ADMIN_EMAILS.includes(user.email.trim().toLowerCase());
}

/** The refusal of an operator's action to anyone else: FORBIDDEN, issue code `OPERATOR_ONLY`. */
export function operatorOnly(action: string) {
  return forbidden(`Only the instance's operators (ADMIN_EMAILS) ${action}`, "OPERATOR_ONLY");
}

/** The plan and hard limit every new workspace is created with. */
export function newWorkspaceDefaults() {
  const settings = readInstanceSettings();
  return {
    plan: settings.DEFAULT_WORKSPACE_PLAN,
    chatsHardLimit: settings.DEFAULT_WORKSPACE_CHATS_HARD_LIMIT ?? null,
  };
}
