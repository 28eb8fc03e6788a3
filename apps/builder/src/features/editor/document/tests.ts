import type { BotTest } from "@parley/schemas";

type WithTests = { tests: BotTest[] };

/** Adds the test, or replaces the one with its id. */
export function saveTest<D extends WithTests>(doc: D, test: BotTest): D {
  const exists = doc.tests.some((candidate) => candidate.id === test.id);
  return {
    ...doc,
    tests: exists
      ? doc.tests.map((candidate) => (candidate.id === test.id ? test : candidate))
      : [...doc.tests, test],
  };
}

export function deleteTest<D extends WithTests>(doc: D, testId: string): D {
  return { ...doc, tests: doc.tests.filter((test) => test.id !== testId) };
}

/** A name no other test has: "Test 3", or the given base with a number. */
export function nextTestName(tests: readonly BotTest[], base = "Test"): string {
  const names = new Set(tests.map((test) => test.name));
  for (let index = tests.length + 1; ; index++) if (!names.has(`${base} ${index}`)) return `${base} ${index}`;
}
