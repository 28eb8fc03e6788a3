import { EngineError } from "../../errors";
import type { BlockRun } from "../BlockExecutor";
import { applyResponseMapping } from "./applyResponseMapping";
import type { HttpRequestLikeBlock } from "./buildHttpRequest";

/** The client executed the request: its reply must be the JSON `{statusCode, data}`. */
export const applyClientHttpReply = async (
  run: BlockRun<HttpRequestLikeBlock>,
  text: string,
): Promise<void> => {
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new EngineError("INVALID_CLIENT_REPLY", "The HTTP request result must be JSON: {statusCode, data}");
  }
  if (!reply || typeof reply !== "object" || Array.isArray(reply)) {
    throw new EngineError("INVALID_CLIENT_REPLY", "The HTTP request result must be JSON: {statusCode, data}");
  }
  const statusCode = "statusCode" in reply ? reply.statusCode : undefined;
  const data = "data" in reply ? reply.data : undefined;
  await applyResponseMapping(run, { statusCode: typeof statusCode === "number" ? statusCode : 200, data });
};
