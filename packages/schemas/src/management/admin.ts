import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";
import { chatsHardLimitInputSchema, planSchema } from "./workspace";

/** A workspace as the instance's operators see it: usage against its plan and limits, and their flags. */
export const adminWorkspaceSchema = z
  .object({
    id: idSchema,
    name: textSchema,
    createdAt: timestampSchema,
    plan: planSchema,
    chatsHardLimit: z
      .number()
      .int()
      .nullable()
      .describe("The effective limit (own or the plan's); null = none"),
    hasOwnChatsHardLimit: z.boolean().describe("The limit is the workspace's own, not the plan's"),
    chatsUsed: z.number().int().describe("Chats (results) of the current billing period"),
    periodEnd: timestampSchema,
    members: z.number().int(),
    bots: z.number().int().describe("Bots not archived"),
    heldBots: z.number().int().describe("Published bots held for their riskLevel"),
    isSuspended: z.boolean(),
    isVerified: z.boolean(),
  })
  .meta({ id: "AdminWorkspace" });
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

/** An operator's change of one workspace: each field optional, absent = unchanged. */
export const adminWorkspaceChangeSchema = z.strictObject({
  isSuspended: z.boolean().optional(),
  isVerified: z.boolean().optional(),
  plan: planSchema.optional(),
  chatsHardLimit: chatsHardLimitInputSchema,
});

/** A published bot held for review (its riskLevel reached PUBLISH_RISK_THRESHOLD, workspace not verified). */
export const heldBotSchema = z.object({
  id: idSchema,
  name: textSchema,
  publicId: textSchema.nullable(),
  riskLevel: z.number().int(),
  workspaceId: idSchema,
  workspaceName: textSchema,
});
