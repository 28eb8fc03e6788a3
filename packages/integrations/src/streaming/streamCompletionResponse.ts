import type { StreamedCompletion } from "./prepareStreamedCompletion";

export interface StreamOutcome {
  /** Everything the provider sent, also when the client left early. */
  text: string;
  /** Set when the provider failed or timed out mid-stream. */
  error?: string;
  /** Whether the client was still reading at the end. */
  isClientConnected: boolean;
}

/**
 * The answer as a chunked `text/plain` body, token by token. The provider is read to the end
 * whatever the client does: `finish` gets the whole text (and stores it) before the body closes,
 * so a client that reads to the end always finds the answer saved when it sends its reply.
 */
export function streamCompletionResponse(
  completion: StreamedCompletion,
  finish: (outcome: StreamOutcome) => Promise<void>,
  onFinishError: (error: unknown) => void = () => {},
): Response {
  let isClientConnected = true;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        let text = "";
        let error: string | undefined;
        try {
          for await (const delta of completion.stream.deltas) {
            text += delta;
            if (!isClientConnected) continue;
            try {
              controller.enqueue(encoder.encode(delta));
            } catch {
              isClientConnected = false;
            }
          }
        } catch (caught) {
          error = caught instanceof Error ? caught.message : String(caught);
        }
        try {
          await finish({ text, error, isClientConnected });
        } catch (caught) {
          onFinishError(caught);
        }
        if (isClientConnected) {
          try {
            controller.close();
          } catch {
            // The client left while the answer was being stored.
          }
        }
      })();
    },
    cancel() {
      isClientConnected = false;
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
