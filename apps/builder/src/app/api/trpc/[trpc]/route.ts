import { handleTrpcRequest } from "@parley/api/mounts";

export const dynamic = "force-dynamic";

export { handleTrpcRequest as GET, handleTrpcRequest as POST };
