import { z } from "zod";
import { calComCredentials } from "../../../credentials/calComCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility } from "./pluginOptions";

/**
 * Typebot's `cal-com` plug-in: "Book event" shows Cal.com's booking embed in the chat and waits for the booking;
 * "Get available slots" (beyond Typebot) reads the event's free times from Cal.com's API.
 */
export const calComActions = ["Book event", "Get available slots"] as const;
export const calComActionSchema = z.enum(calComActions);

/** The booking embed's layouts, as Typebot names them. */
export const calComLayouts = ["Month", "Weekly", "Columns"] as const;

export const calComOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: calComActionSchema,
    /** The event's link: `username/event-slug`, or its full URL (the origin is dropped). */
    link: textSchema,
    layout: z.enum(calComLayouts),
    /** Prefilled in the booking form. */
    name: textSchema,
    email: textSchema,
    phone: textSchema,
    additionalNotes: textSchema,
    /** Receives the booked start time (ISO 8601) once the visitor booked. */
    saveBookedDateInVariableId: textSchema,
    /** Availability: the first and last days looked at (YYYY-MM-DD or ISO 8601; today and 7 days on by default). */
    startDate: textSchema,
    endDate: textSchema,
    /** Availability: the time zone the slots are given in (IANA name, UTC by default). */
    timeZone: textSchema,
    /** Availability: receives the free start times, a list. */
    saveSlotsInVariableId: textSchema,
  })
  .partial();
export type CalComOptions = z.infer<typeof calComOptionsSchema>;

export const calComBlockSchema = blockBaseSchema.extend({
  type: z.literal("cal-com"),
  options: calComOptionsSchema.optional(),
});
export type CalComBlock = z.infer<typeof calComBlockSchema>;

export const defaultCalComOptions = {
  action: "Book event",
  layout: "Month",
} as const satisfies CalComOptions;

export const calComBlock = defineBlock({
  type: "cal-com",
  schema: calComBlockSchema,
  category: "integration",
  credentials: calComCredentials,
  defaults: defaultCalComOptions,
  catalogue: {
    label: "Cal.com",
    icon: "CalendarCheck",
    keywords: "booking appointment meeting schedule calendar availability calcom",
  },
  getSummary: (block, context) =>
    block.options?.link
      ? `${context.optionValue("action", block.options.action ?? "Book event")}: ${block.options.link}`
      : null,
  settings: {
    fieldLabels: {
      action: "Action",
      link: "Event link",
      layout: "Layout",
      name: "Name",
      email: "Email",
      phone: "Phone number",
      additionalNotes: "Additional notes",
      saveBookedDateInVariableId: "Save the booked date in",
      startDate: "From (date)",
      endDate: "To (date)",
      timeZone: "Time zone",
      saveSlotsInVariableId: "Save the free slots in",
    },
    isFieldVisible: getPluginFieldVisibility(
      {
        "Book event": [
          "link",
          "layout",
          "name",
          "email",
          "phone",
          "additionalNotes",
          "saveBookedDateInVariableId",
        ],
        "Get available slots": ["link", "startDate", "endDate", "timeZone", "saveSlotsInVariableId"],
      },
      defaultCalComOptions.action,
    ),
  },
});
