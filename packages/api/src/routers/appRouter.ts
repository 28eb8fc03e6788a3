import { router } from "../trpc";
import { apiTokensRouter } from "./apiTokens/router";
import { authRouter } from "./auth/router";
import { workspacesRouter } from "./workspaces/router";

export const appRouter = router({
  auth: authRouter,
  apiTokens: apiTokensRouter,
  workspaces: workspacesRouter,
});

export type AppRouter = typeof appRouter;
