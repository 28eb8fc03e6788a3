import { z } from "zod";
import { customDomainSchema } from "./customDomain";
import { edgeSchema } from "./edge";
import { eventSchema } from "./event";
import { groupSchema } from "./group";
import { settingsSchema } from "./settings";
import { themeSchema } from "./theme";
import { variableSchema } from "./variable";

/** Schema versions of the bot document, oldest first; everything this product writes is the last. */
export const botVersions = ["3", "4", "5", "6", "6.1"] as const;
export type BotVersion = (typeof botVersions)[number];
export const latestBotVersion = "6.1" satisfies BotVersion;

/** User-chosen slug of the chat start path (decisions.md). */
export const publicIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{3,64}$/, "3 to 64 lower-case letters, digits or hyphens");

export const resultsTablePreferencesSchema = z.object({
  columnsOrder: z.array(z.string()),
  columnsVisibility: z.record(z.string(), z.boolean()),
  columnsWidth: z.record(z.string(), z.number()),
});
export type ResultsTablePreferences = z.infer<typeof resultsTablePreferencesSchema>;

/** The flow itself: what is edited, published and run. */
export const botDocumentShape = {
  events: z.array(eventSchema),
  groups: z.array(groupSchema),
  edges: z.array(edgeSchema),
  variables: z.array(variableSchema),
  theme: themeSchema,
  settings: settingsSchema,
};
export const botDocumentSchema = z.object(botDocumentShape);
export type BotDocument = z.infer<typeof botDocumentSchema>;

/**
 * The Bot record as GET /bots/{botId} returns it. Following the repository's response
 * convention, absent optional values are `null`, never omitted.
 */
export const botSchema = z.object({
  id: z.string(),
  version: z.literal(latestBotVersion),
  name: z.string(),
  icon: z.string().nullable(),
  folderId: z.string().nullable(),
  workspaceId: z.string(),
  publicId: z.string().nullable(),
  customDomain: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isArchived: z.boolean(),
  isClosed: z.boolean(),
  messagingCredentialsId: z.string().nullable(),
  riskLevel: z.number().nullable(),
  selectedThemeTemplateId: z.string().nullable(),
  ...botDocumentShape,
  resultsTablePreferences: resultsTablePreferencesSchema.nullable(),
});
export type Bot = z.infer<typeof botSchema>;

/**
 * An immutable published version, as GET /bots/{botId}/publishedBot returns it. `version` is the
 * schema version of the returned document: the latest one, unless a version published by an earlier
 * release is read as stored (without `migrateToLatestVersion`).
 */
export const publishedBotSchema = z.object({
  id: z.string(),
  version: z.enum(botVersions),
  botId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...botDocumentShape,
  lastActivityAt: z.string().nullable(),
});
export type PublishedBot = z.infer<typeof publishedBotSchema>;

const botNameSchema = z.string().min(1).max(255);
const iconSchema = z.string().max(2048);

/** The `bot` of PATCH /bots/{botId}: any subset of the editable fields. */
export const botUpdateSchema = z
  .object({
    name: botNameSchema,
    icon: iconSchema.nullable(),
    selectedThemeTemplateId: z.string().nullable(),
    folderId: z.string().nullable(),
    publicId: publicIdSchema.nullable(),
    customDomain: customDomainSchema.nullable(),
    isClosed: z.boolean(),
    messagingCredentialsId: z.string().nullable(),
    riskLevel: z.number().nullable(),
    resultsTablePreferences: resultsTablePreferencesSchema.nullable(),
    ...botDocumentShape,
    /** The `updatedAt` the client last read; an older one is a conflict unless `overwrite`. */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .partial();
export type BotUpdate = z.infer<typeof botUpdateSchema>;

/** The `bot` of POST /bots: a new bot has one start event and no groups unless given. */
export const botCreateSchema = z
  .object({
    name: botNameSchema,
    icon: iconSchema.nullable(),
    folderId: z.string().nullable(),
    publicId: publicIdSchema,
    ...botDocumentShape,
  })
  .partial();
export type BotCreate = z.infer<typeof botCreateSchema>;
