// Summary of a V8 CPU profile (`node --cpu-prof`'s .cpuprofile): busy time, the top functions by
// self time, and the project's own functions (files under `projectRoot`, outside node_modules) by
// inclusive time (their own time plus their callees', each sample counted once per function).
// `lastMs` keeps only the profile's last so many milliseconds (the measured load, not the start-up).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface V8CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);

export function summariseCpuProfile(
  profile: V8CpuProfile,
  projectRoot: string,
  options: { lastMs?: number; top?: number } = {},
): string {
  const top = options.top ?? 25;
  const total = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  const from = options.lastMs === undefined ? 0 : total - options.lastMs * 1000;
  let at = 0;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, "").replace(`${projectRoot}/`, "");
    return `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
  };
  const isOwn = (node: ProfileNode) =>
    node.callFrame.url.includes(projectRoot) && !node.callFrame.url.includes("node_modules");
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let gc = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (!node || at < from) return;
    const fn = node.callFrame.functionName;
    if (fn === "(garbage collector)") gc += delta;
    if (IDLE.has(fn) && fn !== "(garbage collector)") return;
    busy += delta;
    self.set(name(node), (self.get(name(node)) ?? 0) + delta);
    const seen = new Set<string>();
    for (
      let current: ProfileNode | undefined = node;
      current;
      current = byId.get(parent.get(current.id) ?? -1)
    ) {
      if (!isOwn(current)) continue;
      const key = name(current);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
    }
  });
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, micros]) => `  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${key}`)
      .join("\n");
  return [
    `busy ${(busy / 1000).toFixed(0)} ms (garbage collection ${((100 * gc) / Math.max(1, busy)).toFixed(1)}%)`,
    "By self time:",
    rows(self),
    "The project's functions by inclusive time:",
    rows(inclusive),
  ].join("\n");
}
