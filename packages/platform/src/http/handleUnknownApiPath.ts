import { AppError } from "../errors";
import { handleWebRequest } from "./handleWebRequest";

/** A path under /api/v1 that no endpoint serves: NOT_FOUND in the contract's body, with a request id. */
export function handleUnknownApiPath(request: Request): Promise<Response> {
  return handleWebRequest(request, async () => {
    throw new AppError("NOT_FOUND");
  });
}
