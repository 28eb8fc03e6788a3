export { createPrismaClient, type Database, type PrismaClientOptions } from "./client";
export { dbEnv } from "./env";
export { Prisma, PrismaClient } from "./generated/prisma/client";
export { BotRole, Plan, WorkspaceRole } from "./generated/prisma/enums";
export type * from "./generated/prisma/models";
export { shippedMigrations } from "./generated/shippedMigrations";
export { createId } from "./ids";
export {
  listenForNotifications,
  type NotificationListener,
  notificationChannels,
} from "./listenForNotifications";
export {
  countStatements,
  createPgPool,
  getLockPgPool,
  getPgPool,
  observeStatements,
  type Pool,
  type PoolClient,
  type PoolUsage,
  type QueryTracer,
  readPoolUsage,
  type StatementObserver,
  setQueryTracer,
} from "./pool";
export { getPrisma } from "./prisma";
