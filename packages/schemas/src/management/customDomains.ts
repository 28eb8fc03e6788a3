import { z } from "zod";
import { textSchema } from "../text";
import { timestampSchema } from "./common";

/** What the last lookup of a custom domain's TXT record found. */
export const customDomainCheckOutcomes = [
  "VERIFIED",
  "RECORD_NOT_FOUND",
  "RECORD_MISMATCH",
  "DNS_LOOKUP_FAILED",
] as const;
export const customDomainCheckOutcomeSchema = z.enum(customDomainCheckOutcomes);
export type CustomDomainCheckOutcome = z.infer<typeof customDomainCheckOutcomeSchema>;

export const dnsRecordSchema = z
  .object({
    type: z.enum(["TXT", "CNAME"]),
    name: textSchema.meta({ example: "_parley.chat.example.com" }),
    value: textSchema.meta({ example: "parley-verification=3f0c9a…" }),
    purpose: z
      .enum(["verification", "routing"])
      .describe(
        "`verification`: checked by the verify endpoint; `routing`: sends the host's traffic to the viewer",
      ),
  })
  .meta({ id: "DnsRecord" });

/** A bot's custom domain and the state of its ownership check (GET /bots/{botId}/customDomain). */
export const customDomainStatusSchema = z
  .object({
    domain: textSchema.describe("The bot's customDomain, as stored").meta({ example: "chat.example.com" }),
    host: textSchema.meta({ example: "chat.example.com" }),
    path: textSchema.describe('"" at the root of the host, else `/segment…`'),
    url: textSchema.describe("Where the share page is served once verified (HTTPS at the operator's proxy)"),
    isVerified: z.boolean().describe("Whether the domain is served: only verified domains are"),
    verifiedAt: timestampSchema.nullable(),
    checkedAt: timestampSchema.nullable().describe("When the TXT record was last looked up"),
    lastCheck: customDomainCheckOutcomeSchema.nullable().describe("What that lookup found"),
    records: z.array(dnsRecordSchema).describe("The DNS records to add at the domain's DNS provider"),
  })
  .meta({ id: "CustomDomain" });
export type CustomDomainStatus = z.infer<typeof customDomainStatusSchema>;
