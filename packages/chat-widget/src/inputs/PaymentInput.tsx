import type { PaymentInputBlock } from "@parley/schemas";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { widgetText } from "../widgetTexts";
import { InputError } from "./InputError";
import type { InputProps } from "./inputProps";
import { loadStripe, type StripeHandle } from "./loadStripe";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind PaymentInput renders (its definition's wire type). */
export const paymentInputType: PaymentInputBlock["type"] = "payment input";

/**
 * Card payment with Stripe Elements. Stripe's script is loaded only when the server sent a
 * payment intent for this input; otherwise the server's reason (its log) is shown. While Stripe.js
 * loads a status says so; when it cannot load (offline, blocked, timed out) the visitor is told the
 * payment is unavailable and gets a focused "Try again" button.
 */
export function PaymentInput({
  input,
  onSubmit,
  configurationError,
  language,
}: Pick<InputProps<typeof paymentInputType>, "input" | "onSubmit" | "language"> & {
  configurationError?: string;
}) {
  const runtime = input.runtimeOptions;
  const options = input.options ?? {};
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<StripeHandle>();
  const [loadFailed, setLoadFailed] = useState(false);
  /** Bumped by "Try again": loads Stripe.js anew. */
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string>();
  const [isPaying, setIsPaying] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!runtime || !mount.current) return;
    let handle: StripeHandle | undefined;
    let isActive = true;
    setLoadFailed(false);
    loadStripe(runtime.publicKey, runtime.paymentIntentSecret, mount.current)
      .then((loaded) => {
        handle = loaded;
        if (isActive) setStripe(loaded);
        else loaded.destroy();
      })
      .catch(() => isActive && setLoadFailed(true));
    return () => {
      isActive = false;
      handle?.destroy();
    };
  }, [runtime, attempt]);

  if (!runtime)
    return (
      <div className="parley-input">
        <div className="parley-payment" role="alert">
          <p className="parley-payment-amount">{widgetText(language, "noPayment")}</p>
          <p className="parley-payment-reason">{configurationError ?? widgetText(language, "payUnset")}</p>
        </div>
      </div>
    );

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    setIsPaying(true);
    setError(undefined);
    const info = options.additionalInformation;
    const result = await stripe.confirm({
      name: info?.name,
      email: info?.email,
      phone: info?.phoneNumber,
      address: info?.address,
    });
    if (result.error) {
      setIsPaying(false);
      // Stripe writes its own reasons in the page's language; a refusal without one gets the widget's.
      return setError(result.error || widgetText(language, "payFailed"));
    }
    // The answer stored is the author's label, else "Success" as on the text channels; the visitor reads it in
    // the conversation's language.
    const success = options.labels?.success;
    onSubmit({ text: success ?? "Success", label: success ?? widgetText(language, "paid") });
  };

  return (
    <form className="parley-input" onSubmit={pay}>
      <div className="parley-payment">
        <p className="parley-payment-amount">{runtime.amountLabel}</p>
        <div ref={mount} className="parley-stripe-element" hidden={loadFailed} />
        {loadFailed ? (
          <StripeUnavailable language={language} onRetry={() => setAttempt((count) => count + 1)} />
        ) : (
          <>
            {stripe ? null : (
              <p className="parley-payment-reason" role="status">
                {widgetText(language, "payLoading")}
              </p>
            )}
            <InputError message={error} />
            <div className="parley-actions">
              <button type="submit" className="parley-button" disabled={!stripe || isPaying}>
                {isPaying
                  ? widgetText(language, "paying")
                  : (options.labels?.button ?? widgetText(language, "pay"))}{" "}
                {isPaying ? null : runtime.amountLabel}
              </button>
            </div>
          </>
        )}
      </div>
    </form>
  );
}

/** Stripe.js could not be loaded: said at once to screen readers, with the focus on "Try again". */
function StripeUnavailable({ onRetry, language }: { onRetry: () => void; language?: string }) {
  const retry = useRef<HTMLButtonElement>(null);
  useFocusOnMount(retry);
  return (
    <>
      <div role="alert">
        <p className="parley-payment-unavailable">{widgetText(language, "noPayment")}</p>
        <p className="parley-payment-reason">{widgetText(language, "payFormDown")}</p>
      </div>
      <div className="parley-actions">
        <button ref={retry} type="button" className="parley-button" onClick={onRetry}>
          {widgetText(language, "tryAgain")}
        </button>
      </div>
    </>
  );
}
