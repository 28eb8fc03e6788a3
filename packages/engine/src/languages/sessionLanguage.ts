import {
  type LanguageDetectionSource,
  languageDetectionSources,
  listBotLanguages,
  localizeFlow,
  matchFirstLanguage,
  matchLanguage,
  resolveBotLanguage,
  type VariableValue,
} from "@parley/schemas";
import type { FlowSnapshot } from "../types/flow";
import type { LanguageHints } from "../types/outcome";
import type { FlowFrame, SessionState } from "../types/state";

/**
 * The visitor's language when a session starts (docs/languages.md, "Choosing the visitor's language"): the first
 * source of the bot's `detection` order (the default order when unset) that names one of its languages, else the
 * default language. A language chosen outright (`hints.chosen`, the preview's picker) comes before that order. Null
 * for a one-language bot.
 */
export const chooseStartLanguage = (
  flow: FlowSnapshot,
  hints: LanguageHints | undefined,
  prefilledVariables: Record<string, unknown> | undefined,
): string | null => {
  const languages = flow.settings.languages;
  if (!languages) return null;
  const available = listBotLanguages(flow.settings);
  const chosen = hints?.chosen ? matchLanguage(hints.chosen, available) : null;
  if (chosen) return chosen;
  const order: readonly LanguageDetectionSource[] = languages.detection ?? languageDetectionSources;
  for (const source of order) {
    const match = matchFirstLanguage(readSource(source, flow, hints, prefilledVariables), available);
    if (match) return match;
  }
  return languages.defaultLanguage;
};

const readSource = (
  source: LanguageDetectionSource,
  flow: FlowSnapshot,
  hints: LanguageHints | undefined,
  prefilledVariables: Record<string, unknown> | undefined,
): string[] => {
  switch (source) {
    case "variable": {
      const variableId = flow.settings.languages?.variableId;
      const name = variableId
        ? flow.variables.find((variable) => variable.id === variableId)?.name
        : undefined;
      const values = [name ? prefilledVariables?.[name] : undefined, prefilledVariables?.lang];
      return values.filter((value): value is string => typeof value === "string");
    }
    case "embed":
      return hints?.embed ? [hints.embed] : [];
    case "browser":
      return hints?.browser ?? [];
    case "telegram":
      return hints?.telegram ? [hints.telegram] : [];
    case "whatsapp":
      return hints?.whatsapp ? [hints.whatsapp] : [];
  }
};

/**
 * The language the visitor speaks now: the root bot's Language variable when it names one of the root bot's
 * languages (the flow set it), else the language chosen at the start.
 */
export const readVisitorLanguage = (
  state: SessionState,
  rootFlow: FlowSnapshot | undefined,
  root: FlowFrame | undefined,
): string | null => {
  const languages = rootFlow?.settings.languages;
  const variableId = languages?.variableId;
  if (rootFlow && variableId && root) {
    const value: VariableValue | undefined = root.variables[variableId];
    const match =
      typeof value === "string" ? matchLanguage(value, listBotLanguages(rootFlow.settings)) : null;
    if (match) return match;
  }
  return state.language ?? null;
};

const localizedFlows = new WeakMap<FlowSnapshot, Map<string, FlowSnapshot>>();

/**
 * The snapshot as a visitor speaking `visitorLanguage` reads it: the bot's matching language (else its default),
 * memoised per snapshot and language, so a turn pays a lookup and the view is built once per snapshot held.
 */
export const getLocalizedFlow = (flow: FlowSnapshot, visitorLanguage: string | null): FlowSnapshot => {
  if (!flow.settings.languages) return flow;
  const language = resolveBotLanguage(flow.settings, visitorLanguage);
  if (!language || language === flow.settings.languages.defaultLanguage) return flow;
  let byLanguage = localizedFlows.get(flow);
  if (!byLanguage) {
    byLanguage = new Map();
    localizedFlows.set(flow, byLanguage);
  }
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const localized = localizeFlow(flow, language);
  byLanguage.set(language, localized);
  return localized;
};

/** The language a stored session speaks now, as its next turn reads it (`rootFlow`: the session's own bot). */
export const readSessionLanguage = (state: SessionState, rootFlow: FlowSnapshot): string | null =>
  readVisitorLanguage(state, rootFlow, state.frames[0]);
