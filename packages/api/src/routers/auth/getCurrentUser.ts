import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

export const getCurrentUser = authenticatedProcedure
  .output(z.object({ user: sessionUserSchema }))
  .query(({ ctx }) => ({ user: ctx.user }));
