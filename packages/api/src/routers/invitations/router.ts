import { router } from "../../trpc";
import { acceptInvitation } from "./acceptInvitation";
import { acceptMyInvitation } from "./acceptMyInvitation";
import { checkInvitationLink } from "./checkInvitationLink";
import { createInvitation } from "./createInvitation";
import { declineMyInvitation } from "./declineMyInvitation";
import { listInvitations } from "./listInvitations";
import { listMyInvitations } from "./listMyInvitations";
import { resendInvitation } from "./resendInvitation";
import { revokeInvitation } from "./revokeInvitation";
import { signUpWithInvitationLink } from "./signUpWithInvitationLink";

export const invitationsRouter = router({
  createInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  checkInvitationLink,
  acceptInvitation,
  signUpWithInvitationLink,
  listMyInvitations,
  acceptMyInvitation,
  declineMyInvitation,
});
