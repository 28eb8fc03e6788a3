import { handleOpenApiRequest } from "@parley/api/openapi/getOpenApiDocument";

export const dynamic = "force-dynamic";

/** GET {base_url}/api/v1/openapi.json: the OpenAPI 3.1 document of every REST endpoint. */
export { handleOpenApiRequest as GET };
