import type { WidgetTexts } from "./en";

/** The widget's own words in French. */
export const fr: WidgetTexts = {
  numberInvalid: "Veuillez saisir un nombre.",
  numberAtLeast: "Veuillez saisir un nombre d’au moins {min}.",
  numberAtMost: "Veuillez saisir un nombre d’au plus {max}.",
  numberStep: "Veuillez saisir un multiple de {step}.",
  dateFormat: "Veuillez écrire la date sous la forme {pattern}.",
  dateOrder: "La date de fin doit suivre la date de début.",
  dateOutOfRange: "Veuillez choisir une date dans la période permise.",
  timeFormat: "Veuillez écrire l’heure sous la forme {pattern}.",
  fileTypeRefused: "{name} : ce type de fichier n’est pas accepté ({types}).",
  microphoneUnavailable: "Le micro n’est pas disponible.",
  paymentFailed: "Le paiement a échoué.",
  paymentUnavailable: "Paiement indisponible",
  paymentNotConfigured: "Ce paiement n’est pas configuré.",
  paymentFormUnavailable:
    "Le formulaire de paiement sécurisé n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.",
  paymentLoading: "Chargement du formulaire de paiement sécurisé…",
  paymentProcessing: "Traitement…",
  chatFailed: "Une erreur s’est produite.",
  restart: "Recommencer",
  tryAgain: "Réessayer",
  dismiss: "Fermer",
};
