/** The flow checker's rules, one per pitfall (see checkFlow). */
export const flowCheckRules = [
  "UNREACHABLE_GROUP",
  "INPUT_WITHOUT_WAY_FORWARD",
  "VARIABLE_NEVER_SET",
  "JUMP_TO_MISSING_GROUP",
  "LOOP_WITHOUT_INPUT",
  "BLOCK_NOT_ON_MESSAGING",
  "AI_TOOL_WITHOUT_DESCRIPTION",
  "HANDOVER_WITHOUT_HUMAN_HANDOFF",
] as const;
export type FlowCheckRule = (typeof flowCheckRules)[number];
