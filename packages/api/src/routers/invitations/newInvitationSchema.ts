import { workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";

/** What an ADMIN gives to invite someone (also the body of "add a member", which invites). */
export const newInvitationSchema = z.strictObject({
  email: z.email().max(254).meta({ example: "ada@example.com" }),
  role: workspaceRoleSchema.default("MEMBER"),
});
