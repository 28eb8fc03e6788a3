import { platformEnv } from "../env";

export interface RiskFacts {
  riskLevel: number | null;
  isWorkspaceVerified: boolean;
}

/**
 * Whether a published bot is held for review: its riskLevel reached PUBLISH_RISK_THRESHOLD and its
 * workspace is not verified. A held bot answers as closed (share page, startChat, messaging) until an
 * administrator clears its risk (`npm run cli -- bot clear-risk`) or verifies the workspace.
 */
export function isRiskHeld(bot: RiskFacts, threshold = platformEnv.PUBLISH_RISK_THRESHOLD): boolean {
  return !bot.isWorkspaceVerified && bot.riskLevel !== null && bot.riskLevel >= threshold;
}

/** The log line of a refused chat or page of a held bot: what happened and what lifts it. */
export function describeRiskHold(bot: RiskFacts & { id: string }) {
  return {
    fields: { botId: bot.id, riskLevel: bot.riskLevel, threshold: platformEnv.PUBLISH_RISK_THRESHOLD },
    message: `bot held for review: its riskLevel ${bot.riskLevel} reached PUBLISH_RISK_THRESHOLD (${platformEnv.PUBLISH_RISK_THRESHOLD}) and its workspace is not verified; it answers as closed until an administrator runs \`npm run cli -- bot clear-risk --bot-id ${bot.id}\` or \`npm run cli -- workspace verify --workspace-id <id>\``,
  };
}
