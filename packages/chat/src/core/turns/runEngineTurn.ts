import type { EnginePorts } from "@parley/engine";
import type { ChatRuntime } from "../chatRuntime";
import { createEnginePorts } from "../ports/createEnginePorts";
import { TurnBudget } from "./turnBudget";
import type { TurnScope } from "./turnScope";

/**
 * Runs one engine call within the per-turn time budget. When the budget runs
 * out the ports' calls are aborted and the turn fails with TURN_TIMEOUT before
 * anything is written, so the session stays at its pre-turn state. The budget's
 * timer is started by the first port call that leaves the process (TurnBudget).
 */
export async function runEngineTurn<T>(
  runtime: ChatRuntime,
  scope: TurnScope,
  run: (ports: EnginePorts) => Promise<T>,
): Promise<T> {
  const budget = new TurnBudget(runtime.turnTimeoutMs);
  try {
    return await new Promise<T>((resolve, reject) => {
      budget.onExpired = reject;
      run(createEnginePorts(runtime, scope, budget)).then(resolve, reject);
    });
  } finally {
    // The engine awaits its port calls, so nothing of the turn is left running once it settled.
    budget.stop();
  }
}
