import { getPrisma } from "@parley/db";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { addMonthsClamped } from "../billing/billingPeriod";

const DAY = 24 * 60 * 60 * 1000;

/** A test team whose workspace was created `monthsAgo` billing months (and two days) ago. */
export async function createAgedTeam(monthsAgo: number) {
  const team = await createTestTeam();
  const createdAt = addMonthsClamped(new Date(Date.now() - 2 * DAY), -monthsAgo);
  await getPrisma().workspace.update({ where: { id: team.workspaceId }, data: { createdAt } });
  return { ...team, createdAt };
}
