import { customDomainStatusSchema } from "@parley/schemas/management/customDomains";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { getCustomDomainCheck } from "../../custom-domains/getCustomDomainCheck";
import { readStoredCustomDomain } from "../../custom-domains/readStoredCustomDomain";
import { toCustomDomainStatus } from "../../custom-domains/toCustomDomainStatus";
import { readWriteErrors } from "../errorLists";

export const getCustomDomain = botRowProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/customDomain",
      tags: ["Bots"],
      summary: "Get the custom domain's DNS records and verification",
      description:
        "The bot's `customDomain` (set with PATCH /bots/{botId}) and what it takes to serve it: the TXT record that proves the domain is yours (`_parley.<host>`, value `parley-verification=<token>`; a new token whenever the domain changes) and the CNAME that sends its traffic to the viewer. Only a verified domain is served (POST …/customDomain/verify). `customDomain` is null when the bot has none.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ customDomain: customDomainStatusSchema.nullable() }))
  .query(async ({ ctx }) => {
    const domain = readStoredCustomDomain(ctx.bot.customDomain);
    if (!domain) return { customDomain: null };
    const check = await getCustomDomainCheck(ctx.prisma, ctx.bot.id, domain);
    return { customDomain: toCustomDomainStatus(check) };
  });
