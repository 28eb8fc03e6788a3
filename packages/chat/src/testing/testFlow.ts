/** A bot document as the tests write it (the six stored parts, loosely typed). */
export interface TestFlow {
  events: unknown[];
  groups: unknown[];
  edges: unknown[];
  variables: unknown[];
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}
