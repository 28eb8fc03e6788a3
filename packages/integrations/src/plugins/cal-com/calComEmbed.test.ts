// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createCalComEmbed, toCalLink } from "./calComEmbed";

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** Runs a bubble's function as the widget does (runScriptInPage): named arguments, the body as code. */
const runInPage = (
  fn: { args: Record<string, unknown>; content: string },
  extra: Record<string, unknown> = {},
) => {
  const args = { ...fn.args, ...extra };
  return new AsyncFunction(...Object.keys(args), fn.content)(...Object.values(args));
};

type CalQueue = { q: unknown[][]; loaded?: boolean };
const page = window as unknown as { Cal?: CalQueue };

afterEach(() => {
  delete page.Cal;
  document.head.innerHTML = "";
});

describe("Cal.com booking embed in the visitor's page", () => {
  it("loads Cal.com's embed script once and queues the inline booking page with the prefilled details", async () => {
    const embed = createCalComEmbed(
      {
        layout: "Columns",
        name: "Ada",
        email: "ada@example.com",
        phone: "+33612345678",
        additionalNotes: "",
      },
      "https://book.example.com",
      "ada/intro-call",
    );
    const element = document.createElement("div");
    await runInPage(embed.initFunction, { parleyElement: element });
    await runInPage(embed.initFunction, { parleyElement: element });
    const scripts = [...document.head.querySelectorAll("script")].map((script) => script.src);
    expect(scripts).toEqual(["https://book.example.com/embed/embed.js"]);
    // What embed.js reads when it arrives: Cal.com's documented commands, in order.
    const [init, inline, ui] = page.Cal!.q.map((command) => [...command]);
    expect(init).toEqual(["init", { origin: "https://book.example.com" }]);
    expect(inline).toEqual([
      "inline",
      {
        elementOrSelector: element,
        calLink: "ada/intro-call",
        layout: "column_view",
        config: {
          layout: "column_view",
          name: "Ada",
          email: "ada@example.com",
          attendeePhoneNumber: "+33612345678",
        },
      },
    ]);
    expect(ui).toEqual(["ui", { hideEventTypeDetails: false, layout: "column_view" }]);
  });

  it("resolves with the booked date when Cal.com reports the booking", async () => {
    const embed = createCalComEmbed({}, "https://cal.com", "ada/intro");
    await runInPage(embed.initFunction, { parleyElement: document.createElement("div") });
    const booked = runInPage(embed.waitForEventFunction);
    const on = page.Cal!.q.find((command) => command[0] === "on") as [
      string,
      { action: string; callback: (event: unknown) => void },
    ];
    expect(on[1].action).toBe("bookingSuccessful");
    on[1].callback({ detail: { data: { date: "2026-08-24T09:00:00.000Z", confirmed: true } } });
    await expect(booked).resolves.toBe("2026-08-24T09:00:00.000Z");
  });

  it("reads the event link from a booking URL", () => {
    expect(toCalLink("https://cal.com/ada/intro?duration=30")).toBe("ada/intro");
    expect(toCalLink(" /team/support/onboarding/ ")).toBe("team/support/onboarding");
  });
});
