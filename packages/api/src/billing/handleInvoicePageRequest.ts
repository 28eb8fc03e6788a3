import { getPrisma } from "@parley/db";
import { loadWorkspaceAccess } from "@parley/platform/access/loadAccess";
import { assertOperationScope, assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import { type AuthenticatedUser, authenticateApiUser } from "@parley/platform/auth/authenticateBearer";
import { findUserOfSession, readSessionToken } from "@parley/platform/auth/userSessions";
import { toCanonicalError } from "@parley/platform/errors";
import { handleWebRequest } from "@parley/platform/http/handleWebRequest";
import { renderInvoiceHtml } from "./renderInvoiceHtml";

const htmlResponse = (status: number, html: string) =>
  new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" },
  });

const statusPage = (status: number, title: string) =>
  htmlResponse(
    status,
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
  );

/**
 * GET /billing/invoices/{invoiceId} on the builder: the invoice as a page, for
 * a signed-in ADMIN of its workspace (session cookie, or an API token).
 */
export function handleInvoicePageRequest(request: Request, invoiceId: string): Promise<Response> {
  return handleWebRequest(request, async () => {
    const prisma = getPrisma();
    try {
      const sessionToken = readSessionToken(request.headers.get("cookie"));
      const user: AuthenticatedUser | null = sessionToken
        ? await findUserOfSession(prisma, sessionToken)
        : request.headers.get("authorization")
          ? await authenticateApiUser(prisma, request.headers.get("authorization"))
          : null;
      if (!user) return statusPage(401, "Sign in to see this invoice");
      const invoice = /^[A-Za-z0-9_-]{1,64}$/.test(invoiceId)
        ? await prisma.invoice.findUnique({ where: { id: invoiceId }, include: { workspace: true } })
        : null;
      if (!invoice) return statusPage(404, "Invoice not found");
      await loadWorkspaceAccess(prisma, user.id, invoice.workspaceId, "admin");
      // The page shows what GET /billing/invoices lists: a scoped token needs its scope and workspace.
      assertOperationScope(user.apiToken, "GET", "/billing/invoices");
      assertTokenWorkspace(user.apiToken, invoice.workspaceId);
      return htmlResponse(200, renderInvoiceHtml(invoice, invoice.workspace.name));
    } catch (error) {
      const { code } = toCanonicalError(error);
      if (code === "INTERNAL_SERVER_ERROR") throw error;
      return statusPage(code === "UNAUTHORIZED" ? 401 : 403, "You cannot see this invoice");
    }
  });
}
