import type { AppRouter } from "@parley/api/routers/appRouter";
import type { inferRouterOutputs } from "@trpc/server";

/** A conversation as the inbox reads it: its messages (notes included) and the visitor's variables. */
export type InboxConversation = inferRouterOutputs<AppRouter>["inbox"]["getConversation"]["conversation"];
