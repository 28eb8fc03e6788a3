import { handleInvoicePageRequest } from "@parley/api/billing/handleInvoicePageRequest";

export const dynamic = "force-dynamic";

/** An invoice as a printable page, for ADMINs of its workspace. */
export async function GET(request: Request, { params }: { params: Promise<{ invoiceId: string }> }) {
  return handleInvoicePageRequest(request, (await params).invoiceId);
}
