import { z } from "zod";
import { listLinkedIdentities } from "../../accounts/accountSecurity";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { linkedIdentitySchema } from "./accountSecuritySchemas";

export const listIdentities = authenticatedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/users/me/identities",
      tags: ["Account"],
      summary: "List your linked sign-in identities",
      description:
        "The identity providers' accounts (single sign-on, OAuth) that sign your account in, oldest first. One is linked the first time it signs in with your verified e-mail address.",
      protect: true,
      errorResponses: errorResponses("UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.void())
  .output(z.object({ identities: z.array(linkedIdentitySchema) }))
  .query(async ({ ctx }) => ({ identities: await listLinkedIdentities(ctx.prisma, ctx.user.id) }));
