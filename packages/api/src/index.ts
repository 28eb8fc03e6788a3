export { closeBillingPeriods } from "./billing/ensureInvoices";
export { handleInvoicePageRequest } from "./billing/handleInvoicePageRequest";
export { startBillingJob } from "./billing/startBillingJob";
export type { Context } from "./context";
export { handleRestRequest, handleTrpcRequest } from "./mounts";
export { getOpenApiDocument, handleOpenApiRequest } from "./openapi/getOpenApiDocument";
export { type AppRouter, appRouter } from "./routers/appRouter";
export { startInactiveWorkspaceJob } from "./workspaces/startInactiveWorkspaceJob";
