// GET /api/v1/files/{public|private}/…: uploaded files (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const dynamic = "force-dynamic";
export const GET = chatHandlers.getFile;
