import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";

/** An OpenAPI document's answer: public, readable by any page (the reference page), with an `x-request-id` like every answer of the API. */
export function handleDocumentRequest(request: Request, document: object): Promise<Response> {
  return handleWebRequest(request, async () =>
    jsonResponse(document, 200, { "access-control-allow-origin": "*" }),
  );
}
