import { router } from "../../trpc";
import { getCurrentUser } from "./getCurrentUser";
import { requestMagicLink } from "./requestMagicLink";
import { requestPasswordReset } from "./requestPasswordReset";
import { checkPasswordResetLink, resetPassword } from "./resetPassword";
import { signIn } from "./signIn";
import { signInWithMagicLink } from "./signInWithMagicLink";
import { signOut } from "./signOut";
import { signUp } from "./signUp";
import { verifySecondFactor } from "./verifySecondFactor";

export const authRouter = router({
  signUp,
  signIn,
  signOut,
  getCurrentUser,
  requestPasswordReset,
  checkPasswordResetLink,
  resetPassword,
  requestMagicLink,
  signInWithMagicLink,
  verifySecondFactor,
});
