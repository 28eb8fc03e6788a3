import { router } from "../../trpc";
import { changePassword } from "./changePassword";
import { confirmTwoFactorSetup } from "./confirmTwoFactorSetup";
import { deleteAccount } from "./deleteAccount";
import { disableTwoFactor } from "./disableTwoFactor";
import { getAccountSecurity } from "./getAccountSecurity";
import { regenerateRecoveryCodes } from "./regenerateRecoveryCodes";
import { signOutOtherSessions } from "./signOutOtherSessions";
import { startTwoFactorSetup } from "./startTwoFactorSetup";

export const accountRouter = router({
  changePassword,
  deleteAccount,
  getAccountSecurity,
  startTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  signOutOtherSessions,
});
