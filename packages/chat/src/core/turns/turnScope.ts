import type { FlowSnapshot } from "@parley/engine";
import type { AiAgentReads } from "@parley/integrations/ai/aiBlockContext";

/** Whose turn runs: what the engine's ports need beside the runtime. */
export interface TurnScope {
  workspaceId: string;
  isPreview: boolean;
  /** Preview only: the draft snapshots of the session by id (linked drafts are added as they load). */
  previewSnapshots: Record<string, FlowSnapshot>;
  /** A messaging channel's session: its payment inputs get a link to pay on the web, valid until `expiresAt`. */
  paymentLink?: { sessionId: string; expiresAt: Date };
  /** What the turn's read statement read for the AI agent the session waits on. */
  aiAgentReads?: AiAgentReads;
}
