// What both OpenAPI documents share: the URLs they are generated for, the bearer scheme, the finishing steps.
import { applyOperationExamples } from "./applyOperationExamples";
import {
  compactOpenApiDocument,
  dropRedundantKeywords,
  openAnswerShapes,
  shareExtendedComponents,
  shareNullableReferences,
  shareRepeatedParts,
  shareSuccessResponses,
} from "./compactDocument";
import { shareWebhookPathItems } from "./resultWebhooks";

export interface OpenApiUrls {
  /** {base_url}: the builder. */
  builderUrl: string;
  /** {chat_url}: the viewer. */
  viewerUrl: string;
}

export const bearerAuth = {
  type: "http",
  scheme: "bearer",
  description: "An API token (`bt_…`), or a bot's chat key (`ck_…`) on the chat endpoints.",
} as const;

/**
 * What makes a generated document readable and small (named error answers, examples, shared parameters and
 * answers); both documents go through it.
 */
export function finishDocument<D extends object>(document: D): D {
  return shareWebhookPathItems(
    shareNullableReferences(
      shareExtendedComponents(
        openAnswerShapes(
          dropRedundantKeywords(
            shareRepeatedParts(
              shareSuccessResponses(applyOperationExamples(compactOpenApiDocument(document))),
            ),
          ),
        ),
      ),
    ),
  );
}
