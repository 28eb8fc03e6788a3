import type { WidgetTexts } from "./en";

/** The widget's own words in German. */
export const de: WidgetTexts = {
  numberInvalid: "Bitte geben Sie eine Zahl ein.",
  numberAtLeast: "Bitte geben Sie eine Zahl von mindestens {min} ein.",
  numberAtMost: "Bitte geben Sie eine Zahl von höchstens {max} ein.",
  numberStep: "Bitte geben Sie ein Vielfaches von {step} ein.",
  dateFormat: "Bitte schreiben Sie das Datum als {pattern}.",
  dateOrder: "Das Enddatum muss nach dem Startdatum liegen.",
  dateOutOfRange: "Bitte wählen Sie ein Datum im erlaubten Zeitraum.",
  timeFormat: "Bitte schreiben Sie die Uhrzeit als {pattern}.",
  fileTypeRefused: "{name}: Dieser Dateityp wird nicht angenommen ({types}).",
  microphoneUnavailable: "Das Mikrofon ist nicht verfügbar.",
  paymentFailed: "Die Zahlung ist fehlgeschlagen.",
  paymentUnavailable: "Zahlung nicht verfügbar",
  paymentNotConfigured: "Diese Zahlung ist nicht eingerichtet.",
  paymentFormUnavailable:
    "Das sichere Zahlungsformular konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  paymentLoading: "Das sichere Zahlungsformular wird geladen…",
  paymentProcessing: "Wird verarbeitet…",
  chatFailed: "Etwas ist schiefgelaufen.",
  restart: "Neu starten",
  tryAgain: "Erneut versuchen",
  dismiss: "Schließen",
};
