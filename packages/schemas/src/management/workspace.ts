import { z } from "zod";
import { textSchema } from "../text";
import { iconSchema, idSchema, nameSchema, timestampSchema } from "./common";

export const workspaceRoles = ["ADMIN", "MEMBER", "GUEST"] as const;
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRoleName = z.infer<typeof workspaceRoleSchema>;

export const plans = ["FREE", "STARTER", "PRO", "ENTERPRISE"] as const;
export const planSchema = z.enum(plans);
export type PlanName = z.infer<typeof planSchema>;

/** The full workspace record (returned by creation), exactly the fields of the spec. */
export const workspaceSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    name: textSchema,
    icon: textSchema.nullable(),
    paymentId: textSchema.nullable().describe("Identifier at the payment provider; null without one"),
    settings: z.record(textSchema, z.unknown()),
    isSuspended: z.boolean(),
    isPastDue: z.boolean(),
    isVerified: z.boolean(),
    chatsHardLimit: z
      .number()
      .int()
      .nullable()
      .describe("Chats per billing period after which startChat is refused; null = no limit"),
    lastActivityAt: timestampSchema.nullable(),
    inactiveFirstEmailSentAt: timestampSchema.nullable(),
    inactiveSecondEmailSentAt: timestampSchema.nullable(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceSummarySchema = z.object({
  id: idSchema,
  name: textSchema,
  icon: textSchema.nullable(),
});

export const workspaceInputSchema = z.object({
  name: nameSchema.meta({ example: "Acme support" }),
  icon: iconSchema.nullable().optional().meta({ example: "🤖" }),
});

export const workspaceMemberSchema = z
  .object({
    userId: idSchema,
    email: textSchema,
    name: textSchema.nullable(),
    role: workspaceRoleSchema,
    createdAt: timestampSchema.describe("When the user joined the workspace"),
  })
  .meta({ id: "WorkspaceMember" });
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
