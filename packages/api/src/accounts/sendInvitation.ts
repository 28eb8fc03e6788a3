import type { Database } from "@parley/db";
import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { queuePlatformEmail } from "@parley/integrations/email/emailSendJob";
import type { BotInvitationRow } from "@parley/platform/accounts/botSharing";
import type { InvitationRow } from "@parley/platform/accounts/workspaceInvitations";
import { platformEnv } from "@parley/platform/env";
import type { Logger } from "@parley/platform/logger";
import type { BotInvitation } from "@parley/schemas/management/botCollaborators";
import type { workspaceInvitationSchema } from "@parley/schemas/management/workspace";
import type { z } from "zod";
import { toBotInvitation } from "../routers/collaborators/toCollaborator";
import { toInvitation } from "../routers/invitations/toInvitation";

/** The page an invitation's secret opens in the builder. */
export function invitationUrl(token: string) {
  return `${platformEnv.BUILDER_URL.replace(/\/$/, "")}/invitations/${token}`;
}

/**
 * The answer to a new or renewed invitation: its link, e-mailed to the invited address through the
 * install's SMTP account when it has one (an `email.send` job, sealed like every platform e-mail). Without
 * SMTP, or when queuing fails, `emailSent` is false and the ADMIN passes the link on by hand.
 */
export async function sendInvitation(
  prisma: Database,
  { invitation, token }: { invitation: InvitationRow; token: string },
  logger?: Logger,
): Promise<z.output<typeof workspaceInvitationSchema>> {
  const url = invitationUrl(token);
  let emailSent = false;
  if (getPlatformAccount()) {
    const workspace = await prisma.workspace.findUniqueOrThrow({
      where: { id: invitation.workspaceId },
      select: { name: true },
    });
    const inviter = invitation.invitedBy?.email;
    const sent = await queuePlatformEmail({
      to: [invitation.email],
      subject: `Join ${workspace.name} on Parley`,
      text: [
        "Hello,",
        "",
        `${inviter ?? "An administrator"} invites you to the Parley workspace "${workspace.name}" as ${invitation.role.toLowerCase()}. Open this link to join (you can create your account there if you have none):`,
        "",
        url,
        "",
        "The link works once, within 7 days. If you did not expect it, ignore this e-mail.",
      ].join("\n"),
    }).catch((error: unknown) => {
      logger?.error({ err: error, invitationId: invitation.id }, "invitation e-mail not queued");
      return { ok: false as const };
    });
    emailSent = sent.ok;
  }
  return { ...toInvitation(invitation), url, emailSent };
}

/**
 * The answer to a new invitation to one bot: its link, e-mailed as `sendInvitation` does (the bot's name and
 * the role in the text). Without SMTP `emailSent` is false and the member who shared passes the link on.
 */
export async function sendBotInvitation(
  prisma: Database,
  { invitation, token }: { invitation: BotInvitationRow; token: string },
  logger?: Logger,
): Promise<BotInvitation> {
  const url = invitationUrl(token);
  const answer = toBotInvitation(invitation);
  if (!getPlatformAccount()) return { ...answer, url, emailSent: false };
  const bot = await prisma.workspaceInvitation.findUniqueOrThrow({
    where: { id: invitation.id },
    select: { bot: { select: { name: true } }, workspace: { select: { name: true } } },
  });
  const botName = bot.bot?.name ?? "a bot";
  const inviter = invitation.invitedBy?.email;
  const sent = await queuePlatformEmail({
    to: [invitation.email],
    subject: `${botName} is shared with you on Parley`,
    text: [
      "Hello,",
      "",
      `${inviter ?? "A member"} of the Parley workspace "${bot.workspace.name}" shares the bot "${botName}" with you as ${answer.role.toLowerCase()}. Open this link to accept (you can create your account there if you have none):`,
      "",
      url,
      "",
      "The link works once, within 7 days. If you did not expect it, ignore this e-mail.",
    ].join("\n"),
  }).catch((error: unknown) => {
    logger?.error({ err: error, invitationId: invitation.id }, "bot invitation e-mail not queued");
    return { ok: false as const };
  });
  return { ...answer, url, emailSent: sent.ok };
}
