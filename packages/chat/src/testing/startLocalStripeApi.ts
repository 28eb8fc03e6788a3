import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { listenOnLoopback } from "./listenOnLoopback";

export interface RecordedStripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
  /** The form body of a POST, as pairs. */
  form: Record<string, string>;
}

interface LocalPaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
}

/**
 * A Stripe REST API stand-in on a free port of 127.0.0.1: `POST /v1/payment_intents` (form encoded)
 * creates an intent waiting for a payment method, `GET /v1/payment_intents/{id}` reads it, as Stripe
 * does; a POST repeating an earlier one's `Idempotency-Key` gets the first answer again (with other
 * parameters: 400 `idempotency_error`, as Stripe answers); `setStatus` plays what Stripe.js does in the
 * payer's browser. Every call is recorded.
 * `url` is what STRIPE_API_URL would be; `port` a fixed one (browser tests hand it to the app's environment).
 * `secretKeys`: the only keys it takes (Stripe answers 401 to others), so a browser spec serves its own
 * workspace's intents and no other spec's; by default any `sk_` key.
 */
export async function startLocalStripeApi(options: { port?: number; secretKeys?: readonly string[] } = {}) {
  const calls: RecordedStripeCall[] = [];
  const intents = new Map<string, LocalPaymentIntent>();
  /** Created intents by Idempotency-Key, with the request body that created them. */
  const byIdempotencyKey = new Map<string, { body: string; id: string }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = request.url ?? "";
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      calls.push({
        method: request.method ?? "",
        path,
        authorization: request.headers.authorization,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        form,
      });
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const key = /^Bearer (sk_\S+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!key || (options.secretKeys && !options.secretKeys.includes(key)))
        return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (request.method === "POST" && path === "/v1/payment_intents") {
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (earlier && earlier.body !== body) {
          return reply(400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        }
        if (earlier) return reply(200, intents.get(earlier.id));
        const id = `pi_local${intents.size + 1}`;
        const intent: LocalPaymentIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency ?? "",
          status: "requires_payment_method",
          client_secret: `${id}_secret_local${intents.size + 1}`,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { body, id });
        return reply(200, intent);
      }
      const read = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
      const intent =
        request.method === "GET" && read ? intents.get(decodeURIComponent(read[1] ?? "")) : undefined;
      if (intent) return reply(200, intent);
      return reply(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
      });
    });
  });
  server.requestTimeout = 5_000;
  await listenOnLoopback(server, options.port);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: "sk_test_local",
    publicKey: "pk_test_local",
    /** The intent's status as Stripe.js would leave it (`succeeded` once the payer confirmed). */
    setStatus: (id: string, status: string) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No payment intent ${id}`);
      intent.status = status;
    },
    /** The calls recorded since the last `takeCalls()`. */
    takeCalls: () => calls.splice(0, calls.length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
