/**
 * Runs per endpoint and the seed of a fuzz suite: `defaultRuns` on seed 17 (CI), FUZZ_RUNS to change the count,
 * FUZZ_RANDOM (`npm run fuzz`) for a new seed each run, FUZZ_SEED to replay one (the suites print theirs).
 */
export function readFuzzSettings(env: Record<string, string | undefined>, defaultRuns: number) {
  const runs = Number(env.FUZZ_RUNS) || defaultRuns;
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : env.FUZZ_RANDOM ? Date.now() % 2 ** 31 : 17;
  return { runs, seed };
}
