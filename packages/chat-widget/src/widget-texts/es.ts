import type { WidgetTexts } from "./en";

/** The widget's own words in Spanish. */
export const es: WidgetTexts = {
  numberInvalid: "Introduce un número.",
  numberAtLeast: "Introduce un número de al menos {min}.",
  numberAtMost: "Introduce un número de como máximo {max}.",
  numberStep: "Introduce un múltiplo de {step}.",
  dateFormat: "Escribe la fecha como {pattern}.",
  dateOrder: "La fecha de fin debe ser posterior a la de inicio.",
  dateOutOfRange: "Elige una fecha dentro del intervalo permitido.",
  timeFormat: "Escribe la hora como {pattern}.",
  fileTypeRefused: "{name}: este tipo de archivo no se acepta ({types}).",
  microphoneUnavailable: "El micrófono no está disponible.",
  paymentFailed: "El pago ha fallado.",
  paymentUnavailable: "Pago no disponible",
  paymentNotConfigured: "Este pago no está configurado.",
  paymentFormUnavailable:
    "No se pudo cargar el formulario de pago seguro. Comprueba tu conexión y vuelve a intentarlo.",
  paymentLoading: "Cargando el formulario de pago seguro…",
  paymentProcessing: "Procesando…",
  chatFailed: "Algo ha salido mal.",
  restart: "Reiniciar",
  tryAgain: "Reintentar",
  dismiss: "Cerrar",
};
