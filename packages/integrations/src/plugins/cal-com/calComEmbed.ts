import type { PluginEmbed } from "@parley/engine";
import { type CalComOptions, defaultCalComOptions } from "@parley/schemas";

/** Cal.com's layouts by Typebot's names. */
const layoutAttributes = { Month: "month_view", Weekly: "week_view", Columns: "column_view" } as const;

/**
 * Loads Cal.com's embed script from the account's origin (once per page: later calls are queued until it
 * arrives, as Cal.com's documented loader does) and draws the event's booking page inline in the bubble's
 * element, the visitor's details prefilled. Every value is an argument, never spliced into the code.
 */
const INIT_FUNCTION = `
const page = window;
if (!page.Cal) {
  const enqueue = (api, args) => { api.q.push(args); };
  page.Cal = function () {
    const cal = page.Cal;
    const args = arguments;
    if (!cal.loaded) {
      cal.ns = {};
      cal.q = cal.q || [];
      const script = document.createElement("script");
      script.src = scriptUrl;
      script.async = true;
      document.head.appendChild(script);
      cal.loaded = true;
    }
    enqueue(cal, args);
  };
}
const config = { layout };
if (name) config.name = name;
if (email) config.email = email;
if (phone) config.attendeePhoneNumber = phone;
if (notes) config.notes = notes;
page.Cal("init", { origin });
page.Cal("inline", { elementOrSelector: parleyElement, calLink: link, layout, config });
page.Cal("ui", { hideEventTypeDetails: false, layout });
`.trim();

/** Resolves with the booked start time once Cal.com reports a successful booking. */
const WAIT_FUNCTION = `
return new Promise((resolve) => {
  window.Cal("on", { action: "bookingSuccessful", callback: (event) => resolve(event.detail.data.date) });
});
`.trim();

/** `username/event-slug` of a link written as such or as a full booking URL (its origin dropped). */
export function toCalLink(link: string): string {
  const trimmed = link.trim();
  const path = /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^https?:\/\/[^/]+/i, "") : trimmed;
  return path
    .replace(/^\/+/, "")
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
}

/** Cal.com's cloud serves its embed script from app.cal.com; a self-hosted instance from its own origin. */
const getScriptUrl = (origin: string) =>
  origin === "https://cal.com" ? "https://app.cal.com/embed/embed.js" : `${origin}/embed/embed.js`;

/** The booking embed of a "Book event" block (options with variables replaced). */
export function createCalComEmbed(options: CalComOptions, baseUrl: string, link: string): PluginEmbed {
  const origin = baseUrl.replace(/\/+$/, "");
  const layout = layoutAttributes[options.layout ?? defaultCalComOptions.layout];
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    url: `${origin}/${link}?embed=true&layout=${layout}`,
    initFunction: {
      args: {
        origin,
        scriptUrl: getScriptUrl(origin),
        link,
        layout,
        name: text(options.name),
        email: text(options.email),
        phone: text(options.phone),
        notes: text(options.additionalNotes),
      },
      content: INIT_FUNCTION,
    },
    waitForEventFunction: { args: {}, content: WAIT_FUNCTION },
    ...(options.saveBookedDateInVariableId
      ? { saveReplyInVariableId: options.saveBookedDateInVariableId }
      : {}),
  };
}
