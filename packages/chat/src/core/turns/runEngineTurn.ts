import type { EnginePorts } from "@parley/engine";
import { chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import { createEnginePorts } from "../ports/createEnginePorts";
import type { TurnScope } from "./turnScope";

/**
 * Runs one engine call within the per-turn time budget. When the budget runs
 * out the ports' calls are aborted and the turn fails with TURN_TIMEOUT before
 * anything is written, so the session stays at its pre-turn state.
 */
export async function runEngineTurn<T>(
  runtime: ChatRuntime,
  scope: TurnScope,
  run: (ports: EnginePorts) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(chatErrors.turnTimeout(runtime.turnTimeoutMs));
    }, runtime.turnTimeoutMs);
  });
  try {
    return await Promise.race([run(createEnginePorts(runtime, scope, controller.signal)), timeout]);
  } finally {
    // The engine awaits its port calls, so nothing of the turn is left running once it settled.
    clearTimeout(timer);
  }
}
