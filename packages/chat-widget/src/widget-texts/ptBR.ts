import type { WidgetTexts } from "./en";

/** The widget's own words in Portuguese (Brazil). */
export const ptBR: WidgetTexts = {
  numberInvalid: "Digite um número.",
  numberAtLeast: "Digite um número de pelo menos {min}.",
  numberAtMost: "Digite um número de no máximo {max}.",
  numberStep: "Digite um múltiplo de {step}.",
  dateFormat: "Escreva a data como {pattern}.",
  dateOrder: "A data final deve vir depois da data inicial.",
  dateOutOfRange: "Escolha uma data dentro do período permitido.",
  timeFormat: "Escreva o horário como {pattern}.",
  fileTypeRefused: "{name}: este tipo de arquivo não é aceito ({types}).",
  microphoneUnavailable: "O microfone não está disponível.",
  paymentFailed: "O pagamento falhou.",
  paymentUnavailable: "Pagamento indisponível",
  paymentNotConfigured: "Este pagamento não está configurado.",
  paymentFormUnavailable:
    "Não foi possível carregar o formulário de pagamento seguro. Verifique sua conexão e tente novamente.",
  paymentLoading: "Carregando o formulário de pagamento seguro…",
  paymentProcessing: "Processando…",
  chatFailed: "Algo deu errado.",
  restart: "Recomeçar",
  tryAgain: "Tentar novamente",
  dismiss: "Fechar",
};
