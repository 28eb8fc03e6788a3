/** A choice as matching sees it. */
export interface ChoiceCandidate {
  id: string;
  /** What the user sees (button content, picture title). */
  label: string;
  value?: string;
}

const normalize = (text: string): string => text.normalize("NFC").trim().toLowerCase();

/**
 * Single choice: by reply id, item id, value, then label (longest labels first, so "Yes please"
 * wins over "Yes"), then a 1-based position.
 */
export const matchSingleChoice = <T extends ChoiceCandidate>(
  candidates: T[],
  text: string,
  replyId?: string,
): T | undefined => {
  if (replyId) {
    const byReplyId = candidates.find((candidate) => candidate.id === replyId);
    if (byReplyId) return byReplyId;
  }
  const reply = normalize(text);
  if (!reply) return undefined;
  return (
    candidates.find((candidate) => candidate.id === text.trim()) ??
    candidates.find((candidate) => candidate.value !== undefined && normalize(candidate.value) === reply) ??
    byLongestLabel(candidates).find((candidate) => normalize(candidate.label) === reply) ??
    getByPosition(candidates, reply)
  );
};

/**
 * Multiple choice: whole phrases (ids, then values, then labels, longest first) are taken out of the
 * reply one by one; numbers left are 1-based positions. Returns the chosen items in display order.
 */
export const matchMultipleChoices = <T extends ChoiceCandidate>(candidates: T[], text: string): T[] => {
  let remaining = text.normalize("NFC");
  const chosen = new Set<T>();
  const takePhrase = (candidate: T, phrase: string | undefined) => {
    if (!phrase?.trim() || chosen.has(candidate)) return;
    const pattern = new RegExp(`(^|[,\\s])${escapeRegex(phrase.normalize("NFC").trim())}(?=$|[,\\s])`, "i");
    if (!pattern.test(remaining)) return;
    chosen.add(candidate);
    remaining = remaining.replace(pattern, "$1");
  };
  for (const candidate of candidates) takePhrase(candidate, candidate.id);
  for (const candidate of byLongest(candidates, (item) => item.value ?? ""))
    takePhrase(candidate, candidate.value);
  for (const candidate of byLongestLabel(candidates)) takePhrase(candidate, candidate.label);
  for (const token of remaining.split(/[,\s]+/)) {
    const candidate = getByPosition(candidates, token);
    if (candidate) chosen.add(candidate);
  }
  return candidates.filter((candidate) => chosen.has(candidate));
};

const byLongest = <T>(items: T[], getText: (item: T) => string): T[] =>
  [...items].sort((a, b) => getText(b).length - getText(a).length);

const byLongestLabel = <T extends ChoiceCandidate>(items: T[]): T[] => byLongest(items, (item) => item.label);

const getByPosition = <T>(items: T[], token: string): T | undefined =>
  /^\d+$/.test(token) ? items[Number(token) - 1] : undefined;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
