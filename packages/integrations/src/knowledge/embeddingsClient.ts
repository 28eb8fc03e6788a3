import type { Database } from "@parley/db";
import { getAiBlockDefinition } from "@parley/schemas";
import { embeddingCredentialsTypes } from "@parley/schemas/management/knowledge";
import { z } from "zod";
import { AiProviderError, type CallOptions } from "../ai/aiTypes";
import { joinUrl, parseReply, requestProviderJson } from "../ai/providerHttp";
import { type ReadCredentialsResult, readWorkspaceCredentials } from "../credentials/workspaceCredentials";

/** Where a knowledge base's embeddings are asked for; the key is only ever sent to `baseUrl`. */
export interface EmbeddingEndpoint {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

/** Inputs per embeddings request (OpenAI takes up to 2,048; local servers prefer small batches). */
export const EMBEDDING_BATCH_SIZE = 64;

/**
 * The endpoint of a knowledge base's credentials (of its workspace, of an embedding kind), or the
 * reason it cannot be used, in words for the source's error or the API's issue.
 */
export async function readEmbeddingEndpoint(
  prisma: Database,
  request: { workspaceId: string; credentialsId: string | null; model: string },
): Promise<{ ok: true; endpoint: EmbeddingEndpoint } | { ok: false; error: string }> {
  if (!request.credentialsId)
    return { ok: false, error: "The knowledge base has no AI credentials: choose some in its settings" };
  const read = await readWorkspaceCredentials(prisma, {
    workspaceId: request.workspaceId,
    credentialsId: request.credentialsId,
    types: embeddingCredentialsTypes,
  });
  return toEmbeddingEndpoint(read, { credentialsId: request.credentialsId, model: request.model });
}

/** The endpoint of credentials already read (readEmbeddingEndpoint, or a query that joined them). */
export function toEmbeddingEndpoint(
  read: ReadCredentialsResult<(typeof embeddingCredentialsTypes)[number]>,
  request: { credentialsId: string; model: string },
): { ok: true; endpoint: EmbeddingEndpoint } | { ok: false; error: string } {
  if (!read.ok) return read;
  const baseUrl = read.data.baseUrl ?? getAiBlockDefinition(read.type)?.ai.defaultBaseUrl;
  if (!baseUrl) return { ok: false, error: `Credentials "${request.credentialsId}" have no base URL` };
  return { ok: true, endpoint: { baseUrl, apiKey: read.data.apiKey ?? null, model: request.model } };
}

const embeddingsReplySchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
});

/**
 * Embeds `inputs` (at most EMBEDDING_BATCH_SIZE) with `POST {baseUrl}/embeddings`: one L2-normalised vector per
 * input, in order. A reply of the wrong shape, count or dimensions is an AiProviderError saying so.
 */
export async function requestEmbeddings(
  endpoint: EmbeddingEndpoint,
  inputs: readonly string[],
  call: CallOptions,
): Promise<Float32Array[]> {
  const secret = endpoint.apiKey;
  const body = await requestProviderJson(
    {
      url: joinUrl(endpoint.baseUrl, "embeddings"),
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      body: { model: endpoint.model, input: inputs, encoding_format: "float" },
      secret,
    },
    call,
  );
  const reply = parseReply(embeddingsReplySchema, body);
  if (!reply) throw new AiProviderError("The embeddings reply has no `data` list of embeddings");
  const vectors: (Float32Array | undefined)[] = new Array(inputs.length);
  for (const item of reply.data) {
    if (item.index < inputs.length) vectors[item.index] = normalize(item.embedding);
  }
  const dimensions = vectors[0]?.length ?? 0;
  if (vectors.some((vector) => !vector) || dimensions === 0)
    throw new AiProviderError(
      `The embeddings reply does not hold one embedding for each of the ${inputs.length} inputs`,
    );
  if (vectors.some((vector) => vector?.length !== dimensions))
    throw new AiProviderError("The embeddings reply mixes vectors of different dimensions");
  return vectors as Float32Array[];
}

/** `values` scaled to length 1 (a zero vector stays zero): cosine similarity is then a dot product. */
export function normalize(values: readonly number[] | Float32Array): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0)
    for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] ?? 0) / norm;
  return vector;
}
