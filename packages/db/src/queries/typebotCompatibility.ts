/**
 * Whether the workspace aliased `alias` serves Typebot's chat API (docs/typebot-compat.md): as its ADMIN set it, or,
 * never set, once a Typebot export was imported into it. SQL text for the chat pool's statements.
 */
export function typebotCompatibilitySql(alias: string): string {
  return `COALESCE(${alias}."typebotCompatibility", ${alias}."typebotImportedAt" IS NOT NULL)`;
}

/** The same rule on a workspace row read with Prisma. */
export function isTypebotCompatible(workspace: {
  typebotCompatibility: boolean | null;
  typebotImportedAt: Date | null;
}): boolean {
  return workspace.typebotCompatibility ?? workspace.typebotImportedAt !== null;
}
