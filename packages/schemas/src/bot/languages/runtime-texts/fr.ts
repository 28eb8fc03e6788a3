import type { RuntimeTexts } from "./en";

export const fr: RuntimeTexts = {
  TextChannel: {
    choice: "Répondez par l’une de ces options :",
    multipleChoice: "Répondez avec les numéros de vos choix, séparés par des virgules (par ex. 1, 3) :",
    date: "Répondez avec une date ({pattern})",
    dateTime: "Répondez avec une date et une heure ({pattern})",
    dateRange: "Répondez avec une date de début et une date de fin ({pattern} {separator} {pattern})",
    dateTimeRange: "Répondez avec une date et une heure de début et de fin ({pattern} {separator} {pattern})",
    dateRangeSeparator: "-",
    time: "Répondez avec une heure ({pattern})",
    email: "Répondez avec une adresse e-mail",
    url: "Répondez avec l’adresse d’un site web (URL)",
    phone: "Répondez avec un numéro de téléphone",
    phoneWithCountryCode: "Répondez avec un numéro de téléphone, commençant par son indicatif pays (+…)",
    number: "Répondez avec un nombre",
    numberAtLeast: "Répondez avec un nombre supérieur ou égal à {min}",
    numberAtMost: "Répondez avec un nombre inférieur ou égal à {max}",
    numberBetween: "Répondez avec un nombre de {min} à {max}",
    file: "Envoyez un fichier",
    files: "Envoyez un ou plusieurs fichiers",
    fileTypes: "{request} ({types})",
    fileSkip: "{request}, ou répondez « {skip} » pour passer",
    fileSkipLabel: "Passer",
    payment: "Un paiement de {amount} est dû. Payez avec ce lien :",
    paymentElsewhere:
      "Un paiement de {amount} est dû ; les paiements par carte ne sont pas possibles sur ce canal",
    paymentElsewhereWithoutAmount:
      "Un paiement est dû ; les paiements par carte ne sont pas possibles sur ce canal",
    paymentButton: "Payer",
    textPlaceholder: "Écrivez votre réponse…",
    cardButton: "Choisir",
    picture: "Image",
  },
  SystemMessages: {
    invalidMessage: "Message invalide. Veuillez réessayer.",
    paymentFailed: "Le paiement a échoué. Veuillez réessayer.",
    fileUploadError: "L’envoi a échoué. Veuillez réessayer.",
    fileUploadSizeError: "[[file]] dépasse [[limit]] Mo.",
    messagingPictureChoiceSelectLabel: "Choisir",
  },
};
