import { domainToUnicode } from "node:url";
import {
  type BotDocument,
  getInputVariableId,
  isBubbleBlock,
  isInputBlock,
  redirectBlock,
} from "@parley/schemas";
import { distance } from "fastest-levenshtein";
import { parse as parseHost } from "tldts";
import { secretInputPattern, sensitiveTerms, type Trademark, trademarks } from "./trademarks";

export interface PublishRisk {
  warnings: { type: "trademarkInfringement"; trademark: string }[];
  /** 0 (nothing found) to 100. */
  riskLevel: number;
  /** Why, in words, for the publish log and the administrator who reviews a held bot. */
  signals: string[];
}

/** Points of each signal; the sum is capped at 100 (docs/api.md, "Publishing and risk"). */
export const riskPoints = {
  brandInName: 40,
  brandInTexts: 15,
  sensitiveWordsWithBrand: 30,
  secretInputWithBrand: 40,
  lookAlikeRedirect: 60,
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordPattern = (term: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term)}($|[^\\p{L}\\p{N}])`, "iu");
const trademarkPatterns = trademarks.map((trademark) => ({
  trademark,
  pattern: wordPattern(trademark.name),
}));
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
 * The risk assessment of publishing: brands named in the bot's name or texts (the trademark
 * warnings), and the phishing signals around them: words asking for credentials or payment data,
 * inputs that collect a password or a card number, redirects to domains that look like a brand's
 * without being one of its own. `riskLevel` is the capped sum of the signals' points.
 */
export function assessPublishRisk(
  bot: Pick<BotDocument, "groups" | "variables" | "settings"> & { name: string },
) {
  const signals: string[] = [];
  let points = 0;
  const body = [...collectTexts(bot.groups), ...collectTexts(bot.settings?.metadata)].join("\n");
  const inName = trademarkPatterns
    .filter(({ pattern }) => pattern.test(bot.name))
    .map(({ trademark }) => trademark);
  const inBody = trademarkPatterns
    .filter(({ pattern, trademark }) => pattern.test(body) && !inName.includes(trademark))
    .map(({ trademark }) => trademark);
  for (const trademark of inName) signals.push(`names ${trademark.name} in the bot's name`);
  for (const trademark of inBody) signals.push(`names ${trademark.name} in its texts`);
  points += inName.length * riskPoints.brandInName + inBody.length * riskPoints.brandInTexts;

  const lookAlikes = findLookAlikeRedirects(bot.groups);
  for (const { host, trademark } of lookAlikes)
    signals.push(`redirects to ${host}, which looks like ${trademark.name}`);
  if (lookAlikes.length > 0) points += riskPoints.lookAlikeRedirect;

  const brands = [...new Set([...inName, ...inBody, ...lookAlikes.map(({ trademark }) => trademark)])];
  if (brands.length > 0) {
    if (sensitivePatterns.some((pattern) => pattern.test(body) || pattern.test(bot.name))) {
      signals.push("asks for credentials or payment data next to a brand name");
      points += riskPoints.sensitiveWordsWithBrand;
    }
    const secretInputs = findSecretInputs(bot);
    if (secretInputs.length > 0) {
      signals.push(
        `collects a password or a card number (block ${secretInputs.join(", ")}) next to a brand name`,
      );
      points += riskPoints.secretInputWithBrand;
    }
  }
  return {
    warnings: brands.map((trademark) => ({
      type: "trademarkInfringement" as const,
      trademark: trademark.name,
    })),
    riskLevel: Math.min(100, points),
    signals,
  } satisfies PublishRisk;
}

/**
 * Ids of the input blocks that collect a password or a card number: their labels, the name of the
 * variable they save to, or the text bubble just before them in their group say so.
 */
function findSecretInputs(bot: Pick<BotDocument, "groups" | "variables">): string[] {
  const variableNames = new Map((bot.variables ?? []).map((variable) => [variable.id, variable.name]));
  return bot.groups.flatMap((group) =>
    group.blocks.flatMap((block, index) => {
      if (!isInputBlock(block)) return [];
      const previous = group.blocks[index - 1];
      const variableId = getInputVariableId(block);
      const texts = [
        ...collectTexts(block.options && "labels" in block.options ? block.options.labels : undefined),
        variableId ? (variableNames.get(variableId) ?? "") : "",
        previous && isBubbleBlock(previous) ? collectTexts(previous.content).join(" ") : "",
      ];
      return texts.some((text) => secretInputPattern.test(text)) ? [block.id] : [];
    }),
  );
}

// Characters that stand in for Latin letters in look-alike domains (digits, Cyrillic and Greek letters).
const confusables: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ѕ: "s",
  ο: "o",
  α: "a",
  ν: "v",
};

const toSkeleton = (label: string) =>
  [...label.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()]
    .map((character) => confusables[character] ?? character)
    .join("")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");

const brandTokens = trademarks.map((trademark) => ({
  trademark,
  token: trademark.name
    .toLowerCase()
    .replace(/\.com$/, "")
    .replace(/[^a-z0-9]/g, ""),
}));

/** A label part resembles a brand: equal to it, or (long brands) one or two edits away, or glued to other words. */
function resembles(part: string, token: string): boolean {
  if (part === token) return true;
  if (token.length < 5) return false;
  if (distance(part, token) <= (token.length >= 8 ? 2 : 1)) return true;
  return token.length >= 6 && (part.startsWith(token) || part.endsWith(token));
}

/** The brand a host impersonates: one of its labels looks like the brand while the domain is none of the brand's own. */
export function findImpersonatedTrademark(hostname: string): Trademark | null {
  const parsed = parseHost(hostname);
  if (!parsed.domain || parsed.isIp) return null;
  const labels = [...(parsed.subdomain ? parsed.subdomain.split(".") : []), parsed.domainWithoutSuffix ?? ""];
  const parts = labels.flatMap((label) => {
    const skeleton = toSkeleton(domainToUnicode(label) || label);
    return [skeleton.replace(/-/g, ""), ...skeleton.split("-")];
  });
  for (const { trademark, token } of brandTokens) {
    if (trademark.domains.includes(parsed.domain)) continue;
    if (parts.some((part) => part !== "" && resembles(part, token))) return trademark;
  }
  return null;
}

function findLookAlikeRedirects(groups: BotDocument["groups"]) {
  return groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      if (block.type !== redirectBlock.type || !block.options?.url) return [];
      let host: string;
      try {
        host = new URL(block.options.url.trim()).hostname;
      } catch {
        return [];
      }
      const trademark = findImpersonatedTrademark(host);
      return trademark ? [{ host, trademark }] : [];
    }),
  );
}
