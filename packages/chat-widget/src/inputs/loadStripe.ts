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

export interface StripeHandle {
  confirm(billing: Record<string, unknown>): Promise<{ error?: string }>;
  destroy(): void;
}

let stripeScript: Promise<StripeFactory> | undefined;

/** Loads Stripe.js once (only for bots that take payments) and mounts its Payment Element. */
export async function loadStripe(
  publicKey: string,
  clientSecret: string,
  element: HTMLElement,
): Promise<StripeHandle> {
  stripeScript ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      factory ? resolve(factory) : reject(new Error("Stripe did not load"));
    };
    script.onerror = () => {
      stripeScript = undefined;
      reject(new Error("Stripe did not load"));
    };
    document.head.append(script);
  });
  const stripe = (await stripeScript)(publicKey);
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
      return result.error ? { error: result.error.message ?? "The payment failed." } : {};
    },
  };
}
