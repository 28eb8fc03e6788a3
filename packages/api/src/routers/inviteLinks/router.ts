import { router } from "../../trpc";
import { checkInviteLink } from "./checkInviteLink";
import { createInviteLink } from "./createInviteLink";
import { deleteInviteLink } from "./deleteInviteLink";
import { joinByInviteLink } from "./joinByInviteLink";
import { listInviteLinks } from "./listInviteLinks";
import { signUpWithInviteLink } from "./signUpWithInviteLink";

export const inviteLinksRouter = router({
  createInviteLink,
  listInviteLinks,
  deleteInviteLink,
  checkInviteLink,
  joinByInviteLink,
  signUpWithInviteLink,
});
