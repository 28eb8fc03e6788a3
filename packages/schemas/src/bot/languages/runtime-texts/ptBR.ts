import type { RuntimeTexts } from "./en";

export const ptBR: RuntimeTexts = {
  TextChannel: {
    choice: "Responda com uma destas opções:",
    multipleChoice: "Responda com os números das suas escolhas, separados por vírgulas (ex.: 1, 3):",
    date: "Responda com uma data ({pattern})",
    dateTime: "Responda com uma data e um horário ({pattern})",
    dateRange: "Responda com uma data de início e uma de término ({pattern} {separator} {pattern})",
    dateTimeRange: "Responda com data e horário de início e de término ({pattern} {separator} {pattern})",
    dateRangeSeparator: "-",
    time: "Responda com um horário ({pattern})",
    email: "Responda com um endereço de e-mail",
    url: "Responda com o endereço de um site (URL)",
    phone: "Responda com um número de telefone",
    phoneWithCountryCode: "Responda com um número de telefone, começando pelo código do país (+…)",
    number: "Responda com um número",
    numberAtLeast: "Responda com um número de no mínimo {min}",
    numberAtMost: "Responda com um número de no máximo {max}",
    numberBetween: "Responda com um número de {min} a {max}",
    file: "Envie um arquivo",
    files: "Envie um ou mais arquivos",
    fileTypes: "{request} ({types})",
    fileSkip: "{request}, ou responda “{skip}” para pular",
    fileSkipLabel: "Pular",
    payment: "Há um pagamento de {amount} a fazer. Pague com este link:",
    paymentElsewhere:
      "Há um pagamento de {amount} a fazer; pagamentos com cartão não são possíveis neste canal",
    paymentElsewhereWithoutAmount:
      "Há um pagamento a fazer; pagamentos com cartão não são possíveis neste canal",
    paymentButton: "Pagar",
    textPlaceholder: "Digite sua resposta…",
    cardButton: "Escolher",
    picture: "Imagem",
  },
  SystemMessages: {
    invalidMessage: "Mensagem inválida. Tente novamente.",
    paymentFailed: "O pagamento falhou. Tente novamente.",
    fileUploadError: "O envio falhou. Tente novamente.",
    fileUploadSizeError: "[[file]] é maior que [[limit]] MB.",
    messagingPictureChoiceSelectLabel: "Escolher",
  },
};
