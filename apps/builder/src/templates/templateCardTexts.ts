import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/**
 * What the gallery's card of each template says in the interface language (the flow it creates stays in
 * English, its authored language). A template missing here shows its own English texts.
 */
export const getTemplateCardTexts = (
  t: InterfaceTranslator<"Templates">,
): Record<string, { name: string; category: string; description: string }> => ({
  "appointment-request": {
    name: t("appointmentRequestName"),
    category: t("operations"),
    description: t("appointmentRequestDescription"),
  },
  "customer-satisfaction": {
    name: t("customerSatisfactionName"),
    category: t("feedback"),
    description: t("customerSatisfactionDescription"),
  },
  "event-registration": {
    name: t("eventRegistrationName"),
    category: t("marketing"),
    description: t("eventRegistrationDescription"),
  },
  "lead-generation": {
    name: t("leadGenerationName"),
    category: t("marketing"),
    description: t("leadGenerationDescription"),
  },
  "nps-survey": { name: t("npsSurveyName"), category: t("feedback"), description: t("npsSurveyDescription") },
  "plan-quiz": { name: t("planQuizName"), category: t("sales"), description: t("planQuizDescription") },
  "support-triage": {
    name: t("supportTriageName"),
    category: t("support"),
    description: t("supportTriageDescription"),
  },
});
