import appointmentRequest from "./flows/appointment-request.json";
import customerSatisfaction from "./flows/customer-satisfaction.json";
import eventRegistration from "./flows/event-registration.json";
import leadGeneration from "./flows/lead-generation.json";
import npsSurvey from "./flows/nps-survey.json";
import planQuiz from "./flows/plan-quiz.json";
import supportTriage from "./flows/support-triage.json";
import { renewIds } from "./renewIds";

/** A gallery entry: what the card shows, then the flow (events, groups, edges, variables, theme). */
export interface BotTemplate {
  id: string;
  name: string;
  icon: string;
  category: string;
  description: string;
  events: unknown[];
  groups: unknown[];
  edges: unknown[];
  variables: unknown[];
  theme?: Record<string, unknown>;
}

export const botTemplates: BotTemplate[] = [
  leadGeneration,
  supportTriage,
  npsSurvey,
  planQuiz,
  appointmentRequest,
  eventRegistration,
  customerSatisfaction,
];

/** The flow of a template with fresh ids, ready for the create-bot body (name and icon included). */
export function instantiateTemplate(template: BotTemplate) {
  const { events, groups, edges, variables, theme } = renewIds({
    events: template.events,
    groups: template.groups,
    edges: template.edges,
    variables: template.variables,
    theme: template.theme,
  });
  return { icon: template.icon, events, groups, edges, variables, ...(theme ? { theme } : {}) };
}
