interface StripeElements {
  create(
    type: "payment",
    options?: Record<string, unknown>,
  ): { mount(element: HTMLElement): void; destroy(): void };
}
interface StripeClient {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: Record<string, unknown>): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publicKey: string) => StripeClient;

declare global {
  interface Window {
    /** Stripe.js's factory, once its script has loaded. */
    Stripe?: StripeFactory;
  }
}

export interface StripeHandle {
  confirm(billing: Record<string, unknown>): Promise<{ error?: string }>;
  destroy(): void;
}

/** Stripe.js, as Stripe requires it to be loaded (from its own host, never bundled). */
export const stripeScriptUrl = "https://js.stripe.com/v3/";
/** A script that neither loads nor fails by then (a network that drops the request) counts as failed. */
export const stripeLoadTimeoutMs = 20_000;

let stripeScript: Promise<StripeFactory> | undefined;

/** Adds Stripe's script to the page once; a failed or timed-out load is forgotten, so a retry adds it again. */
function loadStripeScript(): Promise<StripeFactory> {
  stripeScript ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = window.Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement("script");
    let isSettled = false;
    const fail = () => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timeout);
      script.remove();
      stripeScript = undefined;
      reject(new Error("Stripe did not load"));
    };
    const timeout = setTimeout(fail, stripeLoadTimeoutMs);
    script.src = stripeScriptUrl;
    script.async = true;
    script.onload = () => {
      const factory = window.Stripe;
      if (!factory || isSettled) return fail();
      isSettled = true;
      clearTimeout(timeout);
      resolve(factory);
    };
    script.onerror = fail;
    document.head.append(script);
  });
  return stripeScript;
}

/** Loads Stripe.js once (only for bots that take payments) and mounts its Payment Element. */
export async function loadStripe(
  publicKey: string,
  clientSecret: string,
  element: HTMLElement,
): Promise<StripeHandle> {
  const stripe = (await loadStripeScript())(publicKey);
  const elements = stripe.elements({ clientSecret });
  const paymentElement = elements.create("payment", { layout: "tabs" });
  paymentElement.mount(element);
  return {
    destroy: () => paymentElement.destroy(),
    async confirm(billing) {
      const result = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: {
          return_url: window.location.href,
          payment_method_data: { billing_details: billing },
        },
      });
      return result.error ? { error: result.error.message ?? "" } : {};
    },
  };
}
