// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stripeLoadTimeoutMs, stripeScriptUrl } from "./loadStripe";
import { PaymentInput } from "./PaymentInput";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  for (const script of document.querySelectorAll("script")) script.remove();
});

const answers: unknown[] = [];

function renderPayment() {
  render(
    <PaymentInput
      input={{
        id: "pay",
        type: "payment input",
        options: { labels: { button: "Pay" } },
        runtimeOptions: {
          paymentIntentSecret: "pi_1_secret_2",
          amountLabel: "€10.00",
          publicKey: "pk_test_1",
        },
      }}
      onSubmit={(answer) => answers.push(answer)}
    />,
  );
}

/** Stripe's script as the widget added it to the page (jsdom never fetches it: the test plays the network). */
function stripeScript(): HTMLScriptElement {
  const scripts = [...document.head.querySelectorAll("script")].filter(
    (script) => script.src === stripeScriptUrl,
  );
  expect(scripts).toHaveLength(1);
  return scripts[0] as HTMLScriptElement;
}

describe("payment input when Stripe.js cannot be loaded", () => {
  it("says it is loading, then that payment is unavailable, with the focus on a retry that loads Stripe.js again", async () => {
    renderPayment();
    expect(screen.getByText("€10.00")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Loading the secure payment form…");
    expect(screen.getByRole("button", { name: "Pay €10.00" }).hasAttribute("disabled")).toBe(true);

    // The network refuses the script (offline, blocked by an extension or a firewall).
    await act(async () => stripeScript().dispatchEvent(new Event("error")));

    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Payment unavailable");
    expect(alert.textContent).toContain("could not be loaded. Check your connection, then try again.");
    expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    const retry = screen.getByRole("button", { name: "Try again" });
    expect(document.activeElement).toBe(retry);
    // The failed script is gone from the page.
    expect(document.head.querySelectorAll("script")).toHaveLength(0);

    fireEvent.click(retry);
    expect(screen.getByRole("status").textContent).toBe("Loading the secure payment form…");
    expect(screen.queryByRole("alert")).toBeNull();
    await act(async () => stripeScript().dispatchEvent(new Event("error")));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Try again" }));
    expect(answers).toEqual([]);
  });

  it("does not wait forever on a script that neither loads nor fails", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderPayment();
    stripeScript();
    await act(async () => vi.advanceTimersByTime(stripeLoadTimeoutMs - 1));
    expect(screen.getByRole("status").textContent).toBe("Loading the secure payment form…");
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert").textContent).toContain("Payment unavailable");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Try again" }));
  });

  it("a script that loads without defining Stripe counts as not loaded", async () => {
    renderPayment();
    await act(async () => stripeScript().dispatchEvent(new Event("load")));
    expect(screen.getByRole("alert").textContent).toContain("Payment unavailable");
  });
});
