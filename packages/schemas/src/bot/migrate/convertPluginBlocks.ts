import { blockTypes } from "../blocks";
import { openAiCompatibleBlock } from "../blocks/integrations/openAiCompatible";
import { unsupportedBlock } from "../blocks/integrations/unsupported";
import { getRecords, isRecord, type JsonRecord, type WarningSink } from "./jsonRecords";
import { mapTypebotPlugin } from "./mapTypebotPlugins";

/**
 * Typebot's AI plug-ins that speak OpenAI's chat-completions protocol, by block type, with the
 * base URL of their provider (up to the version segment, as `openai-compatible` expects).
 */
export const openAiCompatibleProviders: Readonly<Record<string, { name: string; baseUrl: string }>> = {
  groq: { name: "Groq", baseUrl: "https://api.groq.com/openai/v1" },
  "together-ai": { name: "Together AI", baseUrl: "https://api.together.xyz/v1" },
  "open-router": { name: "OpenRouter", baseUrl: "https://openrouter.ai/api/v1" },
  perplexity: { name: "Perplexity", baseUrl: "https://api.perplexity.ai" },
  deepseek: { name: "DeepSeek", baseUrl: "https://api.deepseek.com/v1" },
};

const knownTypes = new Set<string>(blockTypes);

/**
 * Blocks of a migrated export whose type this product does not know, and Typebot plug-ins it runs natively
 * (mapTypebotPlugins.ts: kept as exported when this product runs their action). An OpenAI-compatible AI
 * plug-in becomes an `openai-compatible` block with its provider's base URL (its credentials, of
 * another install, are not carried); anything else is kept whole as an `unsupported` block. One
 * warning per block. Known types are left to the schema, so a malformed known block still fails.
 */
export function convertPluginBlocks(bot: JsonRecord, warn: WarningSink): void {
  for (const [groupIndex, group] of getRecords(bot.groups).entries()) {
    if (!Array.isArray(group.blocks)) continue;
    group.blocks = group.blocks.map((block: unknown, blockIndex: number) => {
      if (!isRecord(block)) return block;
      const record = block;
      const { type } = record;
      const path = ["groups", groupIndex, "blocks", blockIndex];
      const plugin = mapTypebotPlugin(record);
      if (plugin?.kind === "native") return plugin.block;
      if (typeof type !== "string" || (!plugin && knownTypes.has(type))) return block;
      const provider = openAiCompatibleProviders[type];
      if (provider) return toOpenAiCompatible(record, provider, path, warn);
      warn({
        message: plugin
          ? `The "${type}" block is not supported yet (${plugin.reason}): it was kept as it is and will be skipped when the bot runs`
          : `The "${type}" block is not supported yet: it was kept as it is and will be skipped when the bot runs`,
        path,
      });
      const { id, outgoingEdgeId, label, ...original } = record;
      return {
        id,
        type: unsupportedBlock.type,
        ...(outgoingEdgeId === undefined ? {} : { outgoingEdgeId }),
        ...(typeof label === "string" ? { label } : {}),
        options: { blockType: type, block: original },
      };
    });
  }
}

function toOpenAiCompatible(
  block: JsonRecord,
  provider: { name: string; baseUrl: string },
  path: (string | number)[],
  warn: WarningSink,
): JsonRecord {
  const { credentialsId: _otherInstall, ...kept } = isRecord(block.options) ? block.options : {};
  warn({
    message: `The ${provider.name} block became an OpenAI-compatible block (${provider.baseUrl}); choose its credentials in its settings`,
    path,
  });
  return { ...block, type: openAiCompatibleBlock.type, options: { ...kept, baseUrl: provider.baseUrl } };
}

/**
 * The block as it was exported: an unsupported block gives back its original JSON, with its
 * current id and outgoing edge; any other block is returned as is. Used by exports.
 */
export function restoreUnsupportedBlock<B extends { id: string; type: string; outgoingEdgeId?: string }>(
  block: B,
): B | JsonRecord {
  if (block.type !== unsupportedBlock.type) return block;
  const options = (block as { options?: { block?: JsonRecord } }).options;
  const { label } = block as { label?: string };
  return {
    id: block.id,
    ...options?.block,
    ...(block.outgoingEdgeId === undefined ? {} : { outgoingEdgeId: block.outgoingEdgeId }),
    ...(label === undefined ? {} : { label }),
  };
}

/** A bot as its export file holds it: the bot record, with unsupported blocks given back as they came in. */
export function toBotExport<
  T extends { groups: { blocks: { id: string; type: string; outgoingEdgeId?: string }[] }[] },
>(bot: T) {
  return {
    ...bot,
    groups: bot.groups.map((group) => ({ ...group, blocks: group.blocks.map(restoreUnsupportedBlock) })),
  };
}
