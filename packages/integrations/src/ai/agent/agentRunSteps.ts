import type { KnowledgeQueryResult } from "@parley/schemas/management/knowledge";

/**
 * One thing an agent turn did, in order: the model's text of a step, a tool it called with the arguments
 * it gave and what the tool answered, the passages a knowledge search retrieved (with their scores), and
 * the answer that ended the turn with its sources. The builder's test run shows them.
 */
export type AiAgentRunStep =
  | { type: "modelText"; step: number; text: string }
  | {
      type: "toolCall";
      step: number;
      name: string;
      arguments: Record<string, unknown>;
      /** What the model was handed back (or, for a flow tool, what the flow does next). */
      result: string;
    }
  | { type: "retrieval"; step: number; query: string; passages: KnowledgeQueryResult[] }
  | {
      type: "answer";
      text: string;
      sources: { id: string; name: string; url?: string }[];
      isFallback: boolean;
    };

export type RecordAiAgentStep = (step: AiAgentRunStep) => void;
