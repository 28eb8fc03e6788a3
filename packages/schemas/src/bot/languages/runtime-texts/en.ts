// The texts the chat runtime writes itself, in English: the reference catalogue (ICU messages read with use-intl's
// `createTranslator`). Every other catalogue has exactly these keys and arguments (runtimeTexts.test.ts).
export const en = {
  /** The hints a text channel (WhatsApp, Telegram) writes for an input, and its built-in labels. */
  TextChannel: {
    choice: "Reply with one of these:",
    multipleChoice: "Reply with the numbers of your choices, separated by commas (e.g. 1, 3):",
    date: "Reply with a date ({pattern})",
    dateTime: "Reply with a date and time ({pattern})",
    dateRange: "Reply with a start and an end date ({pattern} {separator} {pattern})",
    dateTimeRange: "Reply with a start and an end date and time ({pattern} {separator} {pattern})",
    dateRangeSeparator: "to",
    time: "Reply with a time ({pattern})",
    email: "Reply with an email address",
    url: "Reply with a website address (URL)",
    phone: "Reply with a phone number",
    phoneWithCountryCode: "Reply with a phone number, starting with its country code (+…)",
    number: "Reply with a number",
    numberAtLeast: "Reply with a number of at least {min}",
    numberAtMost: "Reply with a number of at most {max}",
    numberBetween: "Reply with a number from {min} to {max}",
    file: "Send a file",
    files: "Send one or more files",
    fileTypes: "{request} ({types})",
    fileSkip: '{request}, or reply "{skip}" to skip',
    fileSkipLabel: "Skip",
    payment: "A payment of {amount} is due. Pay with this link:",
    paymentElsewhere: "A payment of {amount} is due; card payments cannot be made in this channel",
    paymentElsewhereWithoutAmount: "A payment is due; card payments cannot be made in this channel",
    paymentButton: "Pay",
    textPlaceholder: "Type your answer...",
    cardButton: "Select",
    picture: "Picture",
  },
  /** The built-in system messages a runtime sends where the bot does not write its own. */
  SystemMessages: {
    invalidMessage: "Invalid message. Please, try again.",
    paymentFailed: "Payment failed. Please, try again.",
    fileUploadError: "The upload failed. Please try again.",
    fileUploadSizeError: "[[file]] is larger than [[limit]] MB.",
    messagingPictureChoiceSelectLabel: "Select",
  },
} as const;

/** The shape of a catalogue: English's keys, each a message. */
export type RuntimeTexts = { [N in keyof typeof en]: { [K in keyof (typeof en)[N]]: string } };
