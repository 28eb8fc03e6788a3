import type { Database } from "@parley/db";
import { AppError } from "@parley/platform/errors";
import { findBuiltInThemeTemplate } from "@parley/schemas";
import { assertPublicIdAvailable } from "./createPublicId";

const invalid = (message: string, path: (string | number)[], code: string) =>
  new AppError("BAD_REQUEST", [{ message, path, code }]);

/**
 * Fields of a bot that point at other records: the folder and the messaging
 * credentials must be of the bot's workspace, publicId and customDomain must
 * not be used by another bot, selectedThemeTemplateId names a built-in template
 * or one of the workspace's.
 */
export async function assertBotReferences(
  prisma: Database,
  {
    workspaceId,
    botId,
    pathPrefix,
    fields,
  }: {
    workspaceId: string;
    botId?: string;
    pathPrefix: string[];
    fields: {
      folderId?: string | null;
      publicId?: string | null;
      customDomain?: string | null;
      messagingCredentialsId?: string | null;
      selectedThemeTemplateId?: string | null;
    };
  },
) {
  const at = (field: string) => [...pathPrefix, field];
  const templateId = fields.selectedThemeTemplateId;
  const [folder, credentials, domainOwner, template] = await Promise.all([
    fields.folderId
      ? prisma.folder.findFirst({ where: { id: fields.folderId, workspaceId }, select: { id: true } })
      : undefined,
    fields.messagingCredentialsId
      ? prisma.credentials.findFirst({
          where: { id: fields.messagingCredentialsId, workspaceId },
          select: { id: true },
        })
      : undefined,
    fields.customDomain
      ? prisma.bot.findUnique({ where: { customDomain: fields.customDomain }, select: { id: true } })
      : undefined,
    templateId && !findBuiltInThemeTemplate(templateId)
      ? prisma.themeTemplate.findFirst({ where: { id: templateId, workspaceId }, select: { id: true } })
      : undefined,
  ]);
  if (template === null)
    throw invalid(
      "No theme template with this id (built-in or of the workspace)",
      at("selectedThemeTemplateId"),
      "THEME_TEMPLATE_NOT_FOUND",
    );
  if (folder === null)
    throw invalid("No folder with this id in the workspace", at("folderId"), "FOLDER_NOT_FOUND");
  if (credentials === null) {
    throw invalid(
      "No credentials with this id in the workspace",
      at("messagingCredentialsId"),
      "CREDENTIALS_NOT_FOUND",
    );
  }
  if (domainOwner && domainOwner.id !== botId) {
    throw invalid("This custom domain is already used", at("customDomain"), "CUSTOM_DOMAIN_TAKEN");
  }
  if (fields.publicId)
    await assertPublicIdAvailable(prisma, fields.publicId, { botId, path: at("publicId") });
}
