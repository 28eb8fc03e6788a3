// The widget's own words in English, the reference: the embed carries only these; the other languages are loaded
// when a conversation speaks one (widgetTexts.ts). Plain `{name}` arguments.
export const en = {
  numberInvalid: "Please enter a number.",
  numberAtLeast: "Please enter a number of at least {min}.",
  numberAtMost: "Please enter a number of at most {max}.",
  numberStep: "Please enter a multiple of {step}.",
  dateFormat: "Please write the date as {pattern}.",
  dateOrder: "The end date must come after the start date.",
  dateOutOfRange: "Please pick a date within the allowed range.",
  timeFormat: "Please write the time as {pattern}.",
  fileTypeRefused: "{name}: this type of file is not accepted ({types}).",
  microphoneUnavailable: "The microphone is not available.",
  paymentFailed: "The payment failed.",
  paymentUnavailable: "Payment unavailable",
  paymentNotConfigured: "This payment is not configured.",
  paymentFormUnavailable:
    "The secure payment form could not be loaded. Check your connection, then try again.",
  paymentLoading: "Loading the secure payment form…",
  paymentProcessing: "Processing…",
  chatFailed: "Something went wrong.",
  restart: "Restart",
  tryAgain: "Try again",
  dismiss: "Dismiss",
};

export type WidgetTextKey = keyof typeof en;
export type WidgetTexts = Record<WidgetTextKey, string>;
