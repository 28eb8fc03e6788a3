import { type Database, getPrisma } from "@parley/db";
import type { JobQueue } from "@parley/db/queue";
import type {
  AiAgentPort,
  AiPort,
  FlowSnapshot,
  GoogleSheetsPort,
  PaymentIntentRequest,
  PluginPort,
  SendEmailRequest,
  SendEmailResult,
  SessionState,
} from "@parley/engine";
import { createAiAgentPort } from "./ai/agent/createAiAgentPort";
import type { AiAgentReads, SaveGeneratedFile } from "./ai/aiBlockContext";
import { createAiPort } from "./ai/createAiPort";
import { queueEmail } from "./email/emailSendJob";
import type { ReadUpload } from "./files/fetchFile";
import { createGoogleSheetsPort } from "./google-sheets/createGoogleSheetsPort";
import type { GoogleEndpoints } from "./google-sheets/googleEndpoints";
import { type ResolvedStripeKeys, resolveStripeKeys } from "./payments/resolveStripeKeys";
import { createPluginPort } from "./plugins/createPluginPort";
import { type PreparedStream, prepareStreamedCompletion } from "./streaming/prepareStreamedCompletion";

/** What the chat runtime's ports need from the integrations, per turn. */
export interface IntegrationServices {
  createAiPort(turn: { signal: AbortSignal; deadline: number }): AiPort;
  /** `aiAgentReads`: what the turn's read statement read for the AI agent the session waits on. */
  createAiAgentPort(turn: {
    signal: AbortSignal;
    deadline: number;
    aiAgentReads?: AiAgentReads;
  }): AiAgentPort;
  /** Queues the e-mail block's message (an `email.send` job); resolves once the job is stored. */
  sendEmail(request: SendEmailRequest, signal: AbortSignal): Promise<SendEmailResult>;
  createGoogleSheetsPort(signal: AbortSignal): GoogleSheetsPort;
  /** The plug-in blocks' calls (PostHog, Segment…) with the workspace's credentials. */
  createPluginPort(signal: AbortSignal): PluginPort;
  /** The payment input's Stripe keys from its credentials; null keys: the server's own. */
  resolveStripeKeys(
    request: Pick<PaymentIntentRequest, "workspaceId" | "credentialsId" | "isPreview">,
  ): Promise<ResolvedStripeKeys>;
  /** Opens the provider stream of the AI or Dify block a session waits on (streamMessage). */
  prepareStream(
    flow: FlowSnapshot,
    state: SessionState,
    aiAgentReads?: AiAgentReads,
  ): Promise<PreparedStream>;
}

export interface IntegrationServiceOptions {
  /** Hosts reachable although private (AI base URLs, SMTP hosts), on top of OUTBOUND_ALLOWED_HOSTS. */
  allowList?: readonly string[];
  saveGeneratedFile?: SaveGeneratedFile;
  /** Reads the server's own uploads (attachments, recordings) from storage. */
  readUpload?: ReadUpload;
  getPrisma?: () => Database;
  /** The queue e-mails are added to; defaults to the process's. */
  getQueue?: () => JobQueue;
  /** Google's token endpoint and Sheets API; defaults GOOGLE_OAUTH_TOKEN_URL and GOOGLE_SHEETS_API_URL. */
  googleEndpoints?: Partial<GoogleEndpoints>;
}

export function createIntegrationServices(options: IntegrationServiceOptions = {}): IntegrationServices {
  const prisma = options.getPrisma ?? getPrisma;
  return {
    createAiPort: (turn) =>
      createAiPort({
        getPrisma: prisma,
        allowList: options.allowList,
        saveGeneratedFile: options.saveGeneratedFile,
        signal: turn.signal,
        deadline: turn.deadline,
        readUpload: options.readUpload,
      }),
    createAiAgentPort: (turn) =>
      createAiAgentPort({
        getPrisma: prisma,
        allowList: options.allowList,
        signal: turn.signal,
        deadline: turn.deadline,
        aiAgentReads: turn.aiAgentReads,
      }),
    // The turn does not wait for the SMTP server: the e-mail is a queue job, stored before the turn answers.
    sendEmail: async (request) => {
      await queueEmail({ kind: "block", request }, options.getQueue?.());
      return { ok: true, isQueued: true };
    },
    createGoogleSheetsPort: (signal) =>
      createGoogleSheetsPort({ getPrisma: prisma, signal, endpoints: options.googleEndpoints }),
    createPluginPort: (signal) =>
      createPluginPort({
        getPrisma: prisma,
        allowList: options.allowList,
        signal,
        saveGeneratedFile: options.saveGeneratedFile,
        readUpload: options.readUpload,
        googleEndpoints: options.googleEndpoints,
      }),
    prepareStream: (flow, state, aiAgentReads) =>
      prepareStreamedCompletion(flow, state, {
        getPrisma: prisma,
        allowList: options.allowList,
        aiAgentReads,
      }),
    resolveStripeKeys: (request) =>
      resolveStripeKeys(prisma(), {
        workspaceId: request.workspaceId,
        credentialsId: request.credentialsId,
        isPreview: request.isPreview,
      }),
  };
}
