import { router } from "../../trpc";
import { addMember } from "./addMember";
import { listMembers } from "./listMembers";
import { removeMember } from "./removeMember";
import { updateMemberRole } from "./updateMemberRole";

export const membersRouter = router({ listMembers, addMember, updateMemberRole, removeMember });
