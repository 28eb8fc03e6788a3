import { z } from "zod";
import { textSchema } from "../text";
import { botTestSchema, botTestsSchema } from "./botTests";
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

/**
 * Slugs no bot may take: a share page at `{chat_url}/<slug>` would never be reached, since the viewer's
 * server answers that path itself (`/metrics` with METRICS_TOKEN set: docs/deploy.md, "Metrics").
 */
export const reservedPublicIds: readonly string[] = ["metrics"];

/** User-chosen slug of the chat start path (decisions.md), none of `reservedPublicIds`. */
export const publicIdSchema = textSchema
  .regex(/^[a-z0-9-]{3,64}$/, "3 to 64 lower-case letters, digits or hyphens")
  .refine((publicId) => !reservedPublicIds.includes(publicId), "This address is reserved by the server");

export const resultsTablePreferencesSchema = z
  .object({
    columnsOrder: z.array(textSchema),
    columnsVisibility: z.record(textSchema, z.boolean()),
    columnsWidth: z.record(textSchema, z.number()),
  })
  .meta({ id: "ResultsTablePreferences" });
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
/** The document's six parts (a stored flow keeps one JSON column each: `@parley/db/storedFlow`). */
export const botDocumentParts = [
  "events",
  "groups",
  "edges",
  "variables",
  "theme",
  "settings",
] as const satisfies readonly (keyof BotDocument)[];
export type BotDocumentPart = (typeof botDocumentParts)[number];

/**
 * The Bot record as GET /bots/{botId} returns it. Following the repository's response
 * convention, absent optional values are `null`, never omitted.
 */
export const botSchema = z
  .object({
    id: textSchema,
    version: z.literal(latestBotVersion),
    name: textSchema,
    icon: textSchema.nullable(),
    folderId: textSchema.nullable(),
    workspaceId: textSchema,
    publicId: textSchema.nullable(),
    customDomain: textSchema.nullable(),
    createdAt: textSchema,
    updatedAt: textSchema,
    isArchived: z.boolean(),
    isClosed: z.boolean(),
    messagingCredentialsId: textSchema.nullable(),
    riskLevel: z.number().nullable(),
    selectedThemeTemplateId: textSchema.nullable(),
    ...botDocumentShape,
    resultsTablePreferences: resultsTablePreferencesSchema.nullable(),
    /** The bot's tests (docs/bot-tests.md): kept with the draft, exported and imported with it, not published. */
    tests: z.array(botTestSchema),
  })
  .meta({ id: "Bot" });
export type Bot = z.infer<typeof botSchema>;

/**
 * An immutable published version, as GET /bots/{botId}/publishedBot returns it. `version` is the
 * schema version of the returned document: the latest one, unless a version published by an earlier
 * release is read as stored (without `migrateToLatestVersion`).
 */
export const publishedBotSchema = z
  .object({
    id: textSchema,
    version: z.enum(botVersions),
    botId: textSchema,
    createdAt: textSchema,
    updatedAt: textSchema,
    ...botDocumentShape,
    lastActivityAt: textSchema.nullable(),
  })
  .meta({ id: "PublishedBot" });
export type PublishedBot = z.infer<typeof publishedBotSchema>;

const botNameSchema = textSchema.min(1).max(255);
const iconSchema = textSchema.max(2048);

/** The fields of a bot its authors write, on creation and update alike (same validation). */
const editableBotShape = {
  name: botNameSchema,
  icon: iconSchema.nullable(),
  selectedThemeTemplateId: textSchema.nullable(),
  folderId: textSchema.nullable(),
  publicId: publicIdSchema.nullable(),
  customDomain: customDomainSchema.nullable(),
  isClosed: z.boolean(),
  messagingCredentialsId: textSchema.nullable(),
  resultsTablePreferences: resultsTablePreferencesSchema.nullable(),
  tests: botTestsSchema,
  ...botDocumentShape,
};

/**
 * The Bot record's fields the server keeps (identity, schema version, times, archive state and the
 * `riskLevel` computed when publishing): a write accepts and ignores them, so that a bot read with GET can
 * be sent back whole, as Typebot's API allows.
 */
const serverKeptBotShape = {
  id: textSchema,
  version: textSchema,
  workspaceId: textSchema,
  createdAt: textSchema,
  isArchived: z.boolean(),
  riskLevel: z.number().nullable(),
};

/**
 * The `bot` of PATCH /bots/{botId}: any subset of the editable fields. The record's server-kept fields
 * are accepted and ignored; any other key is refused (UNKNOWN_FIELD at its path), never dropped.
 */
export const botUpdateSchema = z
  .strictObject({
    ...editableBotShape,
    ...serverKeptBotShape,
    /** The `updatedAt` the client last read; an older one is a conflict unless `overwrite`. */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .partial()
  .meta({ id: "BotUpdate" });
export type BotUpdate = z.infer<typeof botUpdateSchema>;

/**
 * The `bot` of POST /bots: every editable field of PATCH, with the same validation (a new bot has one
 * start event and no groups unless given; `publicId` null or absent gets the default). The record's
 * server-kept fields (and `updatedAt`) are accepted and ignored, so a bot read with GET can be sent as a
 * new one; any other key is refused by name, never dropped.
 */
export const botCreateSchema = z
  .strictObject({ ...editableBotShape, ...serverKeptBotShape, updatedAt: textSchema })
  .partial()
  .meta({ id: "BotCreate" });
export type BotCreate = z.infer<typeof botCreateSchema>;
