import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";
import { planSchema } from "./workspace";

export const usageSchema = z
  .object({
    totalChatsUsed: z.number().int().describe("Results (chats) created in the current monthly period"),
    resetsAt: timestampSchema.describe("Start of the next period"),
  })
  .meta({ id: "Usage" });

export const invoiceSchema = z
  .object({
    id: idSchema,
    url: textSchema.describe("HTML invoice page (sign-in required)"),
    amount: z.number().describe("Total in the currency's major unit, e.g. 39.5"),
    currency: textSchema.describe("ISO 4217 code, lower case"),
    date: z.number().int().describe("Invoice date (the end of its period), epoch milliseconds"),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof invoiceSchema>;

export const planDetailsSchema = z
  .object({
    plan: planSchema,
    includedChats: z.number().int().nullable().describe("Chats per period in the price; null = unlimited"),
    chatsHardLimit: z.number().int().nullable().describe("Chats after which startChat is refused"),
    priceCents: z.number().int().describe("Monthly price in the currency's minor unit"),
    overageCentsPerChat: z.number().describe("Price of each chat beyond the included ones"),
    currency: textSchema,
    periodStart: timestampSchema,
    periodEnd: timestampSchema,
  })
  .meta({ id: "PlanDetails" });
