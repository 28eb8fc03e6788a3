import { getPrisma } from "@parley/db";
import { platformEnv } from "@parley/platform/env";
import { isRiskHeld } from "@parley/platform/risk/isRiskHeld";
import type { Metadata } from "next";
import { builderEnv } from "@/env";
import type { RiskHold } from "@/features/share/RiskHoldBanner";
import { ShareView } from "@/features/share/ShareView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { loadBotForUser } from "@/lib/loadBotForUser";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("share") };
}

/** Whether the published bot is held for its riskLevel (the rule startChat applies), for the banner. */
async function readRiskHold(userId: string, botId: string): Promise<RiskHold | null> {
  const loaded = await loadBotForUser(userId, botId);
  if (!loaded?.bot.publishedBotId || loaded.bot.riskLevel === null) return null;
  const workspace = await getPrisma().workspace.findUniqueOrThrow({
    where: { id: loaded.bot.workspaceId },
    select: { isVerified: true },
  });
  if (!isRiskHeld({ riskLevel: loaded.bot.riskLevel, isWorkspaceVerified: workspace.isVerified }))
    return null;
  return {
    botId,
    workspaceId: loaded.bot.workspaceId,
    riskLevel: loaded.bot.riskLevel,
    threshold: platformEnv.PUBLISH_RISK_THRESHOLD,
  };
}

export default async function BotSharePage({ params }: { params: Promise<{ botId: string }> }) {
  const { botId } = await params;
  const user = await requireSignedInUser();
  return <ShareView viewerUrl={builderEnv.VIEWER_URL} riskHold={await readRiskHold(user.id, botId)} />;
}
