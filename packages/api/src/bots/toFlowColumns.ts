import type { Prisma } from "@parley/db";

type FlowParts = {
  events: unknown;
  groups: unknown;
  edges: unknown;
  variables: unknown;
  theme: unknown;
  settings: unknown;
};

/** The JSON columns of a flow document, for a Prisma write (only the parts given). */
export function toFlowColumns(document: Partial<FlowParts>) {
  const columns: Partial<Record<keyof FlowParts, Prisma.InputJsonValue>> = {};
  for (const key of ["events", "groups", "edges", "variables", "theme", "settings"] as const) {
    if (document[key] !== undefined) columns[key] = document[key] as Prisma.InputJsonValue;
  }
  return columns;
}
