import type { Database } from "@parley/db";
import { badRequest } from "@parley/platform/errors";
import { embeddingCredentialsTypes } from "@parley/schemas/management/knowledge";

/**
 * Refuses (BAD_REQUEST, issue code CREDENTIALS_NOT_FOUND at `path`) credentials that are not AI credentials
 * of the workspace able to embed: OpenAI, Mistral or an OpenAI-compatible server. Another workspace's id reads
 * as missing.
 */
export async function assertEmbeddingCredentials(
  prisma: Database,
  request: { workspaceId: string; credentialsId: string; path: string[] },
) {
  const found = await prisma.credentials.findFirst({
    where: { id: request.credentialsId, workspaceId: request.workspaceId },
    select: { type: true },
  });
  if (!found)
    throw badRequest("No credentials of this workspace have this id", "CREDENTIALS_NOT_FOUND", request.path);
  if (!(embeddingCredentialsTypes as readonly string[]).includes(found.type))
    throw badRequest(
      `Credentials of type ${found.type} cannot embed text: choose OpenAI, Mistral or OpenAI-compatible credentials`,
      "CREDENTIALS_NOT_FOUND",
      request.path,
    );
}
