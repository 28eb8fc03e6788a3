import { isOutboundError } from "../outbound/OutboundError";
import { AiProviderError, type ToolCall, type ToolStepResult, type ToolStepStream } from "./aiTypes";
import { parseJson, parseReply, redactSecret, toolArgumentsSchema } from "./providerHttp";

/**
 * A step's stream from a generator that yields its text and returns its result: `deltas` may be
 * read once; `result()` reads them itself when nobody did, and rejects with the stream's failure.
 */
export function toToolStepStream(
  steps: AsyncGenerator<string, ToolStepResult>,
  secret: string | null,
): ToolStepStream {
  let started = false;
  let settled = false;
  let resolveResult: (result: ToolStepResult) => void = () => {};
  let rejectResult: (error: unknown) => void = () => {};
  const finished = new Promise<ToolStepResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // The failure reaches the reader of `deltas`; `result()` reports it again to whoever asks.
  finished.catch(() => {});

  async function* deltas(): AsyncGenerator<string> {
    started = true;
    try {
      for (;;) {
        const next = await steps.next();
        if (next.done) {
          settled = true;
          resolveResult(next.value);
          return;
        }
        yield next.value;
      }
    } catch (error) {
      const failure = toStreamError(error, secret);
      settled = true;
      rejectResult(failure);
      throw failure;
    } finally {
      if (!settled) {
        settled = true;
        rejectResult(new AiProviderError("The step's answer was not read to the end"));
        await steps.return(undefined as never);
      }
    }
  }

  const iterable = deltas();
  return {
    deltas: iterable,
    async result() {
      if (!started) for await (const _ of iterable);
      return finished;
    },
  };
}

/** A failure while the answer streams: the provider's own message, or what the connection did. */
function toStreamError(error: unknown, secret: string | null): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (isOutboundError(error)) {
    const reason = error.code === "TIMEOUT" ? "it did not finish in time" : `${error.code}: ${error.message}`;
    return new AiProviderError(`The provider's answer was cut off (${redactSecret(reason, secret)})`);
  }
  return new AiProviderError(
    `The provider's answer was cut off: ${redactSecret(error instanceof Error ? error.message : String(error), secret)}`,
  );
}

/** The stream ended without the protocol's last event: the connection was cut. */
export const incompleteStreamError = () =>
  new AiProviderError("The provider's answer ended before it was complete (the stream was cut)");

/** A call's arguments: a JSON object (as text, or already parsed); empty text means no arguments. */
export function toToolCall(id: string, name: string, rawArguments: unknown): ToolCall {
  if (typeof rawArguments === "string" && rawArguments.trim() === "") return { id, name, arguments: {} };
  const parsed = typeof rawArguments === "string" ? parseJson(rawArguments) : rawArguments;
  const values = parseReply(toolArgumentsSchema, parsed);
  if (!values || Array.isArray(parsed))
    throw new AiProviderError(
      `The model called the tool "${name}" with arguments that are not a JSON object: ${describe(rawArguments)}`,
    );
  return { id, name, arguments: values };
}

function describe(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
