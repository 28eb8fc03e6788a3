import type { RuntimeTexts } from "./en";

export const de: RuntimeTexts = {
  TextChannel: {
    choice: "Antworten Sie mit einer dieser Optionen:",
    multipleChoice: "Antworten Sie mit den Nummern Ihrer Wahl, durch Kommas getrennt (z. B. 1, 3):",
    date: "Antworten Sie mit einem Datum ({pattern})",
    dateTime: "Antworten Sie mit Datum und Uhrzeit ({pattern})",
    dateRange: "Antworten Sie mit einem Start- und einem Enddatum ({pattern} {separator} {pattern})",
    dateTimeRange:
      "Antworten Sie mit Start und Ende, jeweils Datum und Uhrzeit ({pattern} {separator} {pattern})",
    dateRangeSeparator: "-",
    time: "Antworten Sie mit einer Uhrzeit ({pattern})",
    email: "Antworten Sie mit einer E-Mail-Adresse",
    url: "Antworten Sie mit einer Website-Adresse (URL)",
    phone: "Antworten Sie mit einer Telefonnummer",
    phoneWithCountryCode: "Antworten Sie mit einer Telefonnummer, beginnend mit der Ländervorwahl (+…)",
    number: "Antworten Sie mit einer Zahl",
    numberAtLeast: "Antworten Sie mit einer Zahl von mindestens {min}",
    numberAtMost: "Antworten Sie mit einer Zahl von höchstens {max}",
    numberBetween: "Antworten Sie mit einer Zahl von {min} bis {max}",
    file: "Senden Sie eine Datei",
    files: "Senden Sie eine oder mehrere Dateien",
    fileTypes: "{request} ({types})",
    fileSkip: "{request} oder antworten Sie „{skip}“, um zu überspringen",
    fileSkipLabel: "Überspringen",
    payment: "Eine Zahlung von {amount} ist fällig. Bezahlen Sie über diesen Link:",
    paymentElsewhere:
      "Eine Zahlung von {amount} ist fällig; Kartenzahlungen sind in diesem Kanal nicht möglich",
    paymentElsewhereWithoutAmount:
      "Eine Zahlung ist fällig; Kartenzahlungen sind in diesem Kanal nicht möglich",
    paymentButton: "Bezahlen",
    textPlaceholder: "Ihre Antwort…",
    cardButton: "Auswählen",
    picture: "Bild",
  },
  SystemMessages: {
    invalidMessage: "Ungültige Nachricht. Bitte versuchen Sie es erneut.",
    paymentFailed: "Die Zahlung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    fileUploadError: "Das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    fileUploadSizeError: "[[file]] ist größer als [[limit]] MB.",
    messagingPictureChoiceSelectLabel: "Auswählen",
  },
};
