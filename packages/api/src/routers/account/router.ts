import { router } from "../../trpc";
import { changePassword } from "./changePassword";
import { confirmTwoFactorSetup } from "./confirmTwoFactorSetup";
import { deleteAccount } from "./deleteAccount";
import { disableTwoFactor } from "./disableTwoFactor";
import { getAccountSecurity } from "./getAccountSecurity";
import { listIdentities } from "./listIdentities";
import { listSessions } from "./listSessions";
import { regenerateRecoveryCodes } from "./regenerateRecoveryCodes";
import { revokeSession } from "./revokeSession";
import { setInterfaceLanguage } from "./setInterfaceLanguage";
import { signOutOtherSessions } from "./signOutOtherSessions";
import { startTwoFactorSetup } from "./startTwoFactorSetup";
import { unlinkIdentity } from "./unlinkIdentity";

export const accountRouter = router({
  changePassword,
  deleteAccount,
  getAccountSecurity,
  startTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  listSessions,
  revokeSession,
  signOutOtherSessions,
  listIdentities,
  unlinkIdentity,
  setInterfaceLanguage,
});
