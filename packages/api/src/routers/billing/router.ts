import { router } from "../../trpc";
import { changePlan } from "./changePlan";
import { getPlan } from "./getPlan";
import { getUsage } from "./getUsage";
import { listInvoices } from "./listInvoices";

export const billingRouter = router({ getUsage, listInvoices, getPlan, changePlan });
