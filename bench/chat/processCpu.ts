// CPU time of a process, for the chat benchmarks' "server CPU per request": independent of the
// machine's load, unlike throughput, so it compares runs made while other work shares the cores.
import { readFileSync } from "node:fs";

/** Linux reports CPU time in clock ticks of 10 ms (USER_HZ). */
const TICK_MS = 1000 / 100;

/** User + system CPU time of process `pid` (all its threads) so far, in ms; 0 once it is gone. */
export function readProcessCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
