import { createId, type Database, type Prisma } from "@parley/db";
import {
  type CredentialsData,
  type CredentialsRecord,
  type CredentialsType,
  credentialsTypes,
  getCredentialsDefinition,
  type NewCredentials,
} from "@parley/schemas/credentials";
import { CredentialsConfigurationError, decryptCredentials, encryptCredentials } from "./credentialsCipher";

export type ReadCredentialsResult<T extends CredentialsType> =
  | { ok: true; type: T; data: CredentialsData<T> }
  | { ok: false; error: string };

/**
 * The decrypted data of one credentials record of `workspaceId`. The query is scoped by the
 * workspace, so the id of another workspace's credentials reads as missing: it is never looked up.
 */
export async function readWorkspaceCredentials<T extends CredentialsType>(
  prisma: Database,
  request: { workspaceId: string; credentialsId: string; types: readonly T[] },
): Promise<ReadCredentialsResult<T>> {
  const row = await prisma.credentials.findFirst({
    where: { id: request.credentialsId, workspaceId: request.workspaceId },
    select: { id: true, workspaceId: true, type: true, data: true, iv: true },
  });
  return decodeCredentialsRow(row, request);
}

/** A credentials row read by another query (scoped to the workspace there), decrypted as readWorkspaceCredentials does. */
export function decodeCredentialsRow<T extends CredentialsType>(
  row: { id: string; workspaceId: string; type: string; data: string; iv: string } | null,
  request: { credentialsId: string; types: readonly T[] },
): ReadCredentialsResult<T> {
  if (!row)
    return { ok: false, error: `Credentials "${request.credentialsId}" do not exist in this workspace` };
  const type = row.type as T;
  if (!request.types.includes(type))
    return {
      ok: false,
      error: `Credentials "${request.credentialsId}" are of type ${row.type}, not ${request.types.join(" or ")}`,
    };
  try {
    const plain = decryptCredentials({ data: row.data, iv: row.iv }, row);
    const parsed = getCredentialsDefinition(type).schema.safeParse(plain);
    if (!parsed.success)
      return { ok: false, error: `Credentials "${row.id}" are incomplete; enter them again` };
    return { ok: true, type, data: parsed.data as CredentialsData<T> };
  } catch (error) {
    if (error instanceof CredentialsConfigurationError) return { ok: false, error: error.message };
    return {
      ok: false,
      error: `Credentials "${row.id}" cannot be decrypted (was ENCRYPTION_SECRET changed?); enter them again`,
    };
  }
}

const recordSelect = {
  id: true,
  workspaceId: true,
  type: true,
  name: true,
  createdAt: true,
  updatedAt: true,
} as const;

type RecordRow = {
  id: string;
  workspaceId: string;
  type: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
};

export const toCredentialsRecord = (row: RecordRow): CredentialsRecord => ({
  id: row.id,
  workspaceId: row.workspaceId,
  type: row.type as CredentialsType,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Stores new credentials, encrypted; returns the record without its data. */
export async function createWorkspaceCredentials(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  credentials: NewCredentials,
): Promise<CredentialsRecord> {
  const id = createId();
  const encrypted = encryptCredentials(credentials.data, { id, workspaceId, type: credentials.type });
  const row = await prisma.credentials.create({
    data: { id, workspaceId, type: credentials.type, name: credentials.name, ...encrypted },
    select: recordSelect,
  });
  return toCredentialsRecord(row);
}

export async function listWorkspaceCredentials(
  prisma: Database,
  workspaceId: string,
  type?: CredentialsType,
): Promise<CredentialsRecord[]> {
  const rows = await prisma.credentials.findMany({
    where: { workspaceId, ...(type ? { type } : { type: { in: [...credentialsTypes] } }) },
    select: recordSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toCredentialsRecord);
}

/** Which of `ids` exist in the workspace (imports keep those and clear the others). */
export async function findExistingCredentialsIds(
  prisma: Database,
  workspaceId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await prisma.credentials.findMany({
    where: { workspaceId, id: { in: ids } },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}

export { recordSelect as credentialsRecordSelect };
