import { sensitiveTerms, trademarks } from "./trademarks";

export interface TrademarkCheck {
  warnings: { type: "trademarkInfringement"; trademark: string }[];
  /** 0 (nothing found) to 100. */
  riskLevel: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordPattern = (term: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term)}($|[^\\p{L}\\p{N}])`, "iu");
const trademarkPatterns = trademarks.map((trademark) => ({ trademark, pattern: wordPattern(trademark) }));
const sensitivePatterns = sensitiveTerms.map(wordPattern);

/** Every string of a JSON value, identifiers and type names left out. */
export function collectTexts(value: unknown, key = "", texts: string[] = []): string[] {
  if (typeof value === "string") {
    if (!/(^id$|Id$|^type$)/.test(key)) texts.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectTexts(item, key, texts);
  } else if (typeof value === "object" && value !== null) {
    for (const [childKey, child] of Object.entries(value)) collectTexts(child, childKey, texts);
  }
  return texts;
}

/**
 * The trademark check of publishing: brands named in the bot's name or in any
 * text of its flow and metadata, and a risk level from where they appear and
 * whether the bot also asks for credentials or payment data.
 */
export function checkTrademarks(bot: { name: string; groups: unknown; settings: unknown }): TrademarkCheck {
  const metadata = (bot.settings as { metadata?: unknown } | null)?.metadata;
  const body = [...collectTexts(bot.groups), ...collectTexts(metadata)].join("\n");
  const inName = trademarkPatterns
    .filter(({ pattern }) => pattern.test(bot.name))
    .map(({ trademark }) => trademark);
  const inBody = trademarkPatterns
    .filter(({ pattern }) => pattern.test(body))
    .map(({ trademark }) => trademark);
  const found = [...new Set([...inName, ...inBody])];
  if (found.length === 0) return { warnings: [], riskLevel: 0 };
  const asksForSecrets = sensitivePatterns.some((pattern) => pattern.test(body) || pattern.test(bot.name));
  const onlyInBody = found.length - inName.length;
  const riskLevel = Math.min(100, inName.length * 40 + onlyInBody * 15 + (asksForSecrets ? 30 : 0));
  return {
    warnings: found.map((trademark) => ({ type: "trademarkInfringement" as const, trademark })),
    riskLevel,
  };
}
