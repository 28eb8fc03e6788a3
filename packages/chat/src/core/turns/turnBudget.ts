import { chatErrors } from "../chatErrors";

/**
 * The time budget of one engine turn (runEngineTurn). The engine waits on nothing but its ports, so the budget's
 * AbortController and timer are made when a port first leaves the process (`signal`, `arm`): a turn that calls
 * none (a text reply to a text input) makes neither. The timer fires at the turn's deadline whenever it was
 * armed: it aborts the signal and fails the turn (`onExpired`); a walk that never waits is stopped by `check`.
 */
export class TurnBudget {
  readonly budgetMs: number;
  /** `Date.now()` past which the turn fails with TURN_TIMEOUT. */
  readonly deadline: number;
  /** Called with TURN_TIMEOUT when the armed timer fires. */
  onExpired: ((error: unknown) => void) | undefined;
  #controller: AbortController | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(budgetMs: number) {
    this.budgetMs = budgetMs;
    this.deadline = Date.now() + budgetMs;
  }

  /** The signal that aborts the turn's calls at the deadline (arms the budget). */
  get signal(): AbortSignal {
    return this.arm().signal;
  }

  /** Starts the budget's timer, once: from now on the turn fails at the deadline even while a port waits. */
  arm(): AbortController {
    if (this.#controller) return this.#controller;
    const controller = new AbortController();
    this.#controller = controller;
    this.#timer = setTimeout(
      () => {
        controller.abort();
        this.onExpired?.(chatErrors.turnTimeout(this.budgetMs));
      },
      Math.max(0, this.deadline - Date.now()),
    );
    return controller;
  }

  /** TURN_TIMEOUT if the deadline has passed (a long walk asks between blocks). */
  check(): void {
    if (this.#controller?.signal.aborted || Date.now() >= this.deadline)
      throw chatErrors.turnTimeout(this.budgetMs);
  }

  /** Stops the timer: the turn settled. */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
  }
}
