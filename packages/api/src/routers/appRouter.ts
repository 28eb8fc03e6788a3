import { router } from "../trpc";
import { accountRouter } from "./account/router";
import { adminRouter } from "./admin/router";
import { analyticsRouter } from "./analytics/router";
import { apiTokensRouter } from "./apiTokens/router";
import { auditLogRouter } from "./auditLog/router";
import { authRouter } from "./auth/router";
import { billingRouter } from "./billing/router";
import { botsRouter } from "./bots/router";
import { collaboratorsRouter } from "./collaborators/router";
import { credentialsRouter } from "./credentials/router";
import { domainsRouter } from "./domains/router";
import { foldersRouter } from "./folders/router";
import { inboxRouter } from "./inbox/router";
import { integrationsRouter } from "./integrations/router";
import { invitationsRouter } from "./invitations/router";
import { inviteLinksRouter } from "./inviteLinks/router";
import { knowledgeBasesRouter } from "./knowledgeBases/router";
import { membersRouter } from "./members/router";
import { messagingRouter } from "./messaging/router";
import { publishingRouter } from "./publishing/router";
import { replaysRouter } from "./replays/router";
import { resultsRouter } from "./results/router";
import { ssoRouter } from "./sso/router";
import { themeTemplatesRouter } from "./themeTemplates/router";
import { translationsRouter } from "./translations/router";
import { webhooksRouter } from "./webhooks/router";
import { workspacesRouter } from "./workspaces/router";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  apiTokens: apiTokensRouter,
  workspaces: workspacesRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  sso: ssoRouter,
  domains: domainsRouter,
  inviteLinks: inviteLinksRouter,
  auditLog: auditLogRouter,
  folders: foldersRouter,
  bots: botsRouter,
  collaborators: collaboratorsRouter,
  publishing: publishingRouter,
  replays: replaysRouter,
  translations: translationsRouter,
  results: resultsRouter,
  analytics: analyticsRouter,
  billing: billingRouter,
  credentials: credentialsRouter,
  integrations: integrationsRouter,
  messaging: messagingRouter,
  webhooks: webhooksRouter,
  themeTemplates: themeTemplatesRouter,
  knowledgeBases: knowledgeBasesRouter,
  inbox: inboxRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
