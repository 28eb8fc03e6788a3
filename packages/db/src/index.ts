export { createPrismaClient, type Database, type PrismaClientOptions } from "./client";
export { dbEnv } from "./env";
export { Prisma, PrismaClient } from "./generated/prisma/client";
export { Plan, WorkspaceRole } from "./generated/prisma/enums";
export type * from "./generated/prisma/models";
export { createId } from "./ids";
export {
  listenForNotifications,
  type NotificationListener,
  notificationChannels,
} from "./listenForNotifications";
export {
  createPgPool,
  getLockPgPool,
  getPgPool,
  observeStatements,
  type Pool,
  type PoolClient,
  type StatementObserver,
} from "./pool";
export { getPrisma } from "./prisma";
