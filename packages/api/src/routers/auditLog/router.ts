import { router } from "../../trpc";
import { listAuditLog } from "./listAuditLog";

export const auditLogRouter = router({ listAuditLog });
