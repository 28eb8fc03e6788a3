import type { Database } from "@parley/db";
import type { PlatformEmail } from "@parley/integrations/email/sendPlatformEmail";
import type { SendResult } from "@parley/integrations/email/sendSmtpMessage";

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
/** At most this many workspaces are e-mailed per kind and run; the next run goes on. */
const MAX_PER_RUN = 1_000;

export interface InactivityRules {
  /** Days without activity before the first e-mail. */
  inactiveDays: number;
  /** Days after the first e-mail before the second one, if still inactive. */
  secondEmailAfterDays: number;
  builderUrl: string;
  now: Date;
}

export interface InactivityRun {
  firstEmails: number;
  secondEmails: number;
  failed: number;
  /** Workspaces active again since their first e-mail: their dates were cleared. */
  reactivated: number;
}

type Send = (email: PlatformEmail) => Promise<SendResult>;

/**
 * One run of the inactivity e-mails. A workspace is inactive when its last activity (lastActivityAt,
 * else its creation) is older than `inactiveDays`; its ADMINs get a first e-mail (inactiveFirstEmailSentAt
 * records when), and `secondEmailAfterDays` later, if nothing happened since, a second one
 * (inactiveSecondEmailSentAt). Activity after the first e-mail clears both dates, so a later spell of
 * inactivity is announced again. A date is written only after the server accepted the e-mail: a refused one is
 * tried again on the next run. Suspended workspaces are left alone. Nothing is deleted.
 */
export async function sendInactiveWorkspaceEmails(
  prisma: Database,
  rules: InactivityRules,
  send: Send,
): Promise<InactivityRun> {
  const reactivated = await prisma.$executeRaw`
    UPDATE "Workspace" SET "inactiveFirstEmailSentAt" = NULL, "inactiveSecondEmailSentAt" = NULL
    WHERE "inactiveFirstEmailSentAt" IS NOT NULL AND "lastActivityAt" > "inactiveFirstEmailSentAt"`;
  const run: InactivityRun = { firstEmails: 0, secondEmails: 0, failed: 0, reactivated };
  const inactiveSince = new Date(rules.now.getTime() - rules.inactiveDays * DAY_MS);
  const firstSentBefore = new Date(rules.now.getTime() - rules.secondEmailAfterDays * DAY_MS);
  for (const kind of ["first", "second"] as const) {
    const failedIds: string[] = [];
    for (let done = 0; done < MAX_PER_RUN; ) {
      const workspaces = await prisma.workspace.findMany({
        where: {
          id: { notIn: failedIds },
          isSuspended: false,
          OR: [
            { lastActivityAt: { lt: inactiveSince } },
            { lastActivityAt: null, createdAt: { lt: inactiveSince } },
          ],
          ...(kind === "first"
            ? { inactiveFirstEmailSentAt: null }
            : { inactiveFirstEmailSentAt: { lte: firstSentBefore }, inactiveSecondEmailSentAt: null }),
        },
        orderBy: { id: "asc" },
        take: BATCH,
        select: {
          id: true,
          name: true,
          createdAt: true,
          lastActivityAt: true,
          members: { where: { role: "ADMIN" }, select: { user: { select: { email: true } } } },
        },
      });
      for (const workspace of workspaces) {
        const recipients = workspace.members.map((member) => member.user.email);
        const sent =
          recipients.length > 0
            ? await send(composeInactivityEmail(kind, { ...workspace, recipients }, rules))
            : { ok: false as const, error: "no ADMIN" };
        if (!sent.ok) {
          failedIds.push(workspace.id);
          run.failed++;
          continue;
        }
        await prisma.workspace.update({
          where: { id: workspace.id },
          data:
            kind === "first"
              ? { inactiveFirstEmailSentAt: rules.now }
              : { inactiveSecondEmailSentAt: rules.now },
        });
        if (kind === "first") run.firstEmails++;
        else run.secondEmails++;
      }
      done += workspaces.length;
      if (workspaces.length < BATCH) break;
    }
  }
  return run;
}

/** The e-mail to a workspace's ADMINs: how long it has been quiet, that nothing was removed, where to go. */
function composeInactivityEmail(
  kind: "first" | "second",
  workspace: { name: string; createdAt: Date; lastActivityAt: Date | null; recipients: string[] },
  rules: Pick<InactivityRules, "inactiveDays" | "builderUrl" | "now">,
): PlatformEmail {
  const since = workspace.lastActivityAt ?? workspace.createdAt;
  const days = Math.floor((rules.now.getTime() - since.getTime()) / DAY_MS);
  const subject =
    kind === "first"
      ? `Your workspace "${workspace.name}" has had no activity for ${days} days`
      : `Reminder: your workspace "${workspace.name}" is still inactive`;
  const text = [
    "Hello,",
    "",
    `Nobody has chatted with the bots of your workspace "${workspace.name}" or edited them for ${days} days (last activity: ${since.toISOString().slice(0, 10)}).`,
    "The workspace, its bots and their results are all still there.",
    "",
    `Open ${rules.builderUrl} to pick up where you left off.`,
    "",
    kind === "first"
      ? "You receive this e-mail because you are an administrator of this workspace. If it stays inactive, you will get one reminder, and then no more e-mails about it."
      : "This is the last e-mail about this period of inactivity.",
  ].join("\n");
  return { to: workspace.recipients, subject, text };
}
