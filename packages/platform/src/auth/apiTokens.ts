import { createId, type Prisma } from "@parley/db";
import { generateSecret, hashSecret } from "./secrets";

export const API_TOKEN_PREFIX = "bt_";
const DISPLAYED_PREFIX_LENGTH = 10;

export interface CreatedApiToken {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  /** null: full access. */
  scopes: string[] | null;
  workspaceId: string | null;
  /** The secret itself: returned once, never stored. */
  token: string;
}

export async function createApiToken(
  prisma: Prisma.TransactionClient,
  ownerId: string,
  name: string,
  options: {
    expiresAt?: Date | null;
    scopes?: readonly string[] | null;
    workspaceId?: string | null;
    /** The identity provider the creating session signed in through (a workspace requiring it accepts the token). */
    ssoProvider?: string | null;
  } = {},
): Promise<CreatedApiToken> {
  const token = generateSecret(API_TOKEN_PREFIX);
  const record = await prisma.apiToken.create({
    data: {
      id: createId(),
      name,
      ownerId,
      tokenHash: hashSecret(token),
      prefix: token.slice(0, DISPLAYED_PREFIX_LENGTH),
      expiresAt: options.expiresAt ?? null,
      scopes: options.scopes ? [...options.scopes] : [],
      workspaceId: options.workspaceId ?? null,
      ssoProvider: options.ssoProvider ?? null,
    },
    select: {
      id: true,
      name: true,
      prefix: true,
      createdAt: true,
      expiresAt: true,
      scopes: true,
      workspaceId: true,
    },
  });
  return { ...record, scopes: record.scopes.length > 0 ? record.scopes : null, token };
}
