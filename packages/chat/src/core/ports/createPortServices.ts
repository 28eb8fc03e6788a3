import type {
  CodeResult,
  EvaluateExpressionRequest,
  ExpressionResult,
  HttpResult,
  OutgoingHttpRequest,
  PaymentIntentRequest,
  PaymentIntentResult,
  RunCodeRequest,
} from "@parley/engine";
import {
  createIntegrationServices,
  type IntegrationServiceOptions,
  type IntegrationServices,
} from "@parley/integrations/createIntegrationServices";
import { createGeneratedFileSaver } from "@parley/integrations/files/createGeneratedFileSaver";
import type { UploadSettings } from "@parley/integrations/files/createUploadStorage";
import { createUploadReader } from "@parley/integrations/files/fetchFile";
import { chatEnv } from "../env";
import { createStripePaymentIntent } from "./createStripePaymentIntent";
import { fetchHttpSafely } from "./fetchHttpSafely";
import { retrieveStripePaymentIntent, type StripePaymentIntent } from "./retrieveStripePaymentIntent";
import { evaluateInSandbox, runCodeInSandbox } from "./runInSandbox";

/** The side effects behind the engine's ports; tests may replace the ones they cannot run for real. */
export interface PortServices extends IntegrationServices {
  fetchHttp: (request: OutgoingHttpRequest, signal: AbortSignal) => Promise<HttpResult>;
  runCode: (request: RunCodeRequest, signal: AbortSignal) => Promise<CodeResult>;
  evaluateExpression: (request: EvaluateExpressionRequest, signal: AbortSignal) => Promise<ExpressionResult>;
  createPaymentIntent: (request: PaymentIntentRequest, signal: AbortSignal) => Promise<PaymentIntentResult>;
  /** A payment intent as Stripe knows it now, read with the keys the payment input used. */
  retrievePaymentIntent: (
    request: PaymentKeysRequest & { paymentIntentId: string },
    signal?: AbortSignal,
  ) => Promise<{ ok: true; intent: StripePaymentIntent; publicKey: string } | { ok: false; error: string }>;
}

/** Whose Stripe keys: the payment input's credentials, else the server's. */
export type PaymentKeysRequest = Pick<PaymentIntentRequest, "workspaceId" | "isPreview" | "credentialsId">;

export interface PortServiceOptions {
  /** Hosts the HTTP block may reach on top of OUTBOUND_ALLOWED_HOSTS (tests use it for a local server). */
  httpAllowList?: readonly string[];
  stripeKeys?: { secretKey: string; publicKey: string } | null;
  /** Stripe's REST API; default STRIPE_API_URL (tests: a local protocol server). */
  stripeApiUrl?: string;
  /** Where generated files (AI speech) are stored. */
  uploads?: UploadSettings;
  /** Google's token endpoint and Sheets API (tests: a local protocol server); defaults from the environment. */
  googleEndpoints?: IntegrationServiceOptions["googleEndpoints"];
}

export function createPortServices(options: PortServiceOptions = {}): PortServices {
  const stripeKeys =
    options.stripeKeys !== undefined
      ? options.stripeKeys
      : chatEnv.STRIPE_SECRET_KEY && chatEnv.STRIPE_PUBLIC_KEY
        ? { secretKey: chatEnv.STRIPE_SECRET_KEY, publicKey: chatEnv.STRIPE_PUBLIC_KEY }
        : null;
  const stripeApiUrl = options.stripeApiUrl ?? chatEnv.STRIPE_API_URL;
  const integrations = createIntegrationServices({
    allowList: options.httpAllowList,
    saveGeneratedFile: options.uploads ? createGeneratedFileSaver(options.uploads) : undefined,
    readUpload: options.uploads ? createUploadReader(options.uploads) : undefined,
    googleEndpoints: options.googleEndpoints,
  });
  return {
    ...integrations,
    fetchHttp: (request, signal) => fetchHttpSafely(request, signal, options.httpAllowList),
    runCode: runCodeInSandbox,
    evaluateExpression: evaluateInSandbox,
    // A payment input's own Stripe credentials first, else the server's keys.
    createPaymentIntent: async (request, signal) => {
      const resolved = await integrations.resolveStripeKeys(request);
      if (!resolved.ok) return resolved;
      return createStripePaymentIntent(resolved.keys ?? stripeKeys, request, signal, stripeApiUrl);
    },
    retrievePaymentIntent: async (request, signal) => {
      const resolved = await integrations.resolveStripeKeys(request);
      if (!resolved.ok) return resolved;
      const keys = resolved.keys ?? stripeKeys;
      if (!keys) return { ok: false, error: "Stripe is not configured" };
      const read = await retrieveStripePaymentIntent(keys, request.paymentIntentId, stripeApiUrl, signal);
      return read.ok ? { ...read, publicKey: keys.publicKey } : read;
    },
  };
}
