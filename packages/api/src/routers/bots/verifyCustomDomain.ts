import { AppError } from "@parley/platform/errors";
import { customDomainStatusSchema } from "@parley/schemas/management/customDomains";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { checkCustomDomainOwnership } from "../../custom-domains/checkCustomDomainOwnership";
import { getCustomDomainCheck } from "../../custom-domains/getCustomDomainCheck";
import { readStoredCustomDomain } from "../../custom-domains/readStoredCustomDomain";
import { toCustomDomainStatus } from "../../custom-domains/toCustomDomainStatus";
import { readWriteErrors } from "../errorLists";

export const verifyCustomDomain = botRowProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/customDomain/verify",
      tags: ["Bots"],
      summary: "Verify the custom domain",
      description:
        "Looks up the TXT record `_parley.<host>` (MEMBER or ADMIN) and answers the domain's state. `lastCheck`: VERIFIED (the record holds this bot's value: the domain is served from now on), RECORD_NOT_FOUND or RECORD_MISMATCH (a definite answer without it: the domain is not served, or no longer), DNS_LOOKUP_FAILED (no answer from DNS: nothing changes, try again). A bot without a custom domain is BAD_REQUEST `CUSTOM_DOMAIN_NOT_SET`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ customDomain: customDomainStatusSchema }))
  .mutation(async ({ ctx }) => {
    const domain = readStoredCustomDomain(ctx.bot.customDomain);
    if (!domain) {
      throw new AppError("BAD_REQUEST", [
        {
          message: "Set a custom domain (PATCH /bots/{botId} customDomain) before verifying it",
          path: ["customDomain"],
          code: "CUSTOM_DOMAIN_NOT_SET",
        },
      ]);
    }
    const check = await getCustomDomainCheck(ctx.prisma, ctx.bot.id, domain);
    return { customDomain: toCustomDomainStatus(await checkCustomDomainOwnership(ctx.prisma, check)) };
  });
