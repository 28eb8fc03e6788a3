import { router } from "../../trpc";
import { createApiToken } from "./createApiToken";
import { listApiTokens } from "./listApiTokens";
import { revokeApiToken } from "./revokeApiToken";

export const apiTokensRouter = router({ listApiTokens, createApiToken, revokeApiToken });
