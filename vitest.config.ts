import path from "node:path";
import { defineConfig, type Plugin } from "vitest/config";
import { testWorkerCount } from "./scripts/test/workers.ts";

/** `@/…` inside an app is that app's `src/…` (each app's tsconfig `paths`), for its component tests. */
function appSourceAlias(): Plugin {
  return {
    name: "app-source-alias",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.startsWith("@/") || !importer) return null;
      const app = /[\\/]apps[\\/]([^\\/]+)[\\/]src[\\/]/.exec(importer);
      if (!app) return null;
      return this.resolve(
        path.resolve(import.meta.dirname, "apps", app[1]!, "src", source.slice(2)),
        importer,
        {
          skipSelf: true,
        },
      );
    },
  };
}

/**
 * Test files that need a module graph of their own: they set configuration (`process.env`, read once when a
 * package's `env.ts` loads), a process-wide registry (metrics) or a queue worker before importing the code under
 * test. They run isolated, each in a fresh module graph; every other file shares its worker's modules with the
 * files before it (`isolate: false`), which takes the suite from about 40 to about 20 minutes on 2 cores. A new
 * test that changes such state goes here (CONTRIBUTING.md "Tests").
 */
const needsOwnModules = [
  "packages/api/src/accounts/accountSecurity.test.ts",
  "packages/api/src/accounts/deleteUserAccount.test.ts",
  "packages/api/src/accounts/encryptionSecretRotation.test.ts",
  "packages/api/src/accounts/magicLinks.test.ts",
  "packages/api/src/accounts/passwords.test.ts",
  "packages/api/src/audit/auditLog.test.ts",
  "packages/api/src/billing/billing.test.ts",
  "packages/api/src/billing/planChangeOperatorOnly.test.ts",
  "packages/api/src/fuzz/restApi.fuzz.test.ts",
  "packages/api/src/openapi/requestFieldsStoredOrRefused.test.ts",
  "packages/api/src/routers/bots/customDomain.test.ts",
  "packages/api/src/routers/inbox/channelHandoff.test.ts",
  "packages/api/src/routers/inbox/channelReplies.test.ts",
  "packages/api/src/routers/invitations/invitationEmails.test.ts",
  "packages/api/src/routers/integrations/integrations.test.ts",
  "packages/api/src/routers/integrations/listGoogleSheets.test.ts",
  "packages/api/src/routers/integrations/testAiAgent.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeBases.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeFileSources.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeIndexingResume.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeQuality.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeVectorIndex.test.ts",
  "packages/api/src/routers/knowledgeBases/knowledgeWebSources.test.ts",
  "packages/api/src/routers/messaging/messaging.test.ts",
  "packages/api/src/routers/replays/replays.test.ts",
  "packages/api/src/routers/translations/translateMissing.test.ts",
  "packages/api/src/routers/workspaces/deleteWorkspace.test.ts",
  "packages/api/src/security/instanceAdmin.test.ts",
  "packages/api/src/security/secretsNeverShown.test.ts",
  "packages/api/src/sso/githubSso.test.ts",
  "packages/api/src/sso/workspaceSso.test.ts",
  // Registers the widget's catalogues of every language, process-wide (widgetTexts.ts).
  "packages/chat-widget/src/embed/embedLanguage.test.tsx",
  "packages/chat-widget/src/inputs/InputSwitch.test.tsx",
  "packages/chat-widget/src/inputs/defaultLabels.test.tsx",
  "packages/chat/src/channels/payments/channelPayment.test.ts",
  "packages/chat/src/channels/telegram/telegramWebhook.test.ts",
  "packages/chat/src/channels/whatsapp/whatsAppMedia.test.ts",
  "packages/chat/src/core/persistence/lastActivity.test.ts",
  "packages/chat/src/reliability/killPendingWhatsAppSend.test.ts",
  "packages/chat/src/webhooks/resultWebhooks.test.ts",
  "packages/db/src/queries/chatTurns.test.ts",
  "packages/integrations/src/outbound/outboundAllowedHosts.test.ts",
  "packages/platform/src/metricsEndpoint.test.ts",
  "scripts/lib/encryptionSecret.test.ts",
];

const include = [
  "packages/*/src/**/*.test.{ts,tsx}",
  "apps/*/src/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
];

export default defineConfig({
  plugins: [appSourceAlias()],
  test: {
    // One embedded PostgreSQL per run; each worker gets its own database cloned from a migrated template.
    globalSetup: ["./scripts/test/globalSetup.ts"],
    setupFiles: ["./scripts/test/useWorkerDatabase.ts"],
    pool: "forks",
    maxWorkers: testWorkerCount,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "shared", include, exclude: needsOwnModules, isolate: false } },
      { extends: true, test: { name: "isolated", include: needsOwnModules, isolate: true } },
    ],
  },
});
