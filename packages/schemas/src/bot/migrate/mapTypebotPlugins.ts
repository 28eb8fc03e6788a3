import type { BlockKindSchema } from "../blocks/defineBlock";
import { calComActions, calComBlock } from "../blocks/integrations/calCom";
import { chatNodeActions, chatNodeBlock } from "../blocks/integrations/chatNode";
import { difyActions, difyBlock } from "../blocks/integrations/dify";
import { elevenLabsActions, elevenLabsBlock } from "../blocks/integrations/elevenLabs";
import { gmailActions, gmailBlock } from "../blocks/integrations/gmail";
import { nocoDbActions, nocoDbBlock } from "../blocks/integrations/nocoDb";
import { postHogActions, postHogBlock } from "../blocks/integrations/postHog";
import { segmentActions, segmentBlock } from "../blocks/integrations/segment";
import { zendeskActions, zendeskBlock } from "../blocks/integrations/zendesk";
import { isRecord, type JsonRecord } from "./jsonRecords";

/** A Typebot plug-in this product runs natively: its kind's schema and the actions it runs. */
interface NativePlugin {
  schema: BlockKindSchema;
  actions: readonly string[];
  /** The action of an export that names none (Typebot's form shows its first action). */
  defaultAction: string;
}

/** Typebot's plug-ins run natively, by block type (their wire type stays Typebot's). */
export const nativeTypebotPlugins: Readonly<Record<string, NativePlugin>> = {
  [postHogBlock.type]: {
    schema: postHogBlock.schema,
    actions: postHogActions,
    defaultAction: "Capture",
  },
  [segmentBlock.type]: {
    schema: segmentBlock.schema,
    actions: segmentActions,
    defaultAction: "Identify User",
  },
  [nocoDbBlock.type]: {
    schema: nocoDbBlock.schema,
    actions: nocoDbActions,
    defaultAction: "Search Records",
  },
  [difyBlock.type]: {
    schema: difyBlock.schema,
    actions: difyActions,
    defaultAction: "Create Chat Message",
  },
  [chatNodeBlock.type]: {
    schema: chatNodeBlock.schema,
    actions: chatNodeActions,
    defaultAction: chatNodeActions[0],
  },
  [elevenLabsBlock.type]: {
    schema: elevenLabsBlock.schema,
    actions: elevenLabsActions,
    defaultAction: elevenLabsActions[0],
  },
  [gmailBlock.type]: {
    schema: gmailBlock.schema,
    actions: gmailActions,
    defaultAction: gmailActions[0],
  },
  [calComBlock.type]: {
    schema: calComBlock.schema,
    actions: calComActions,
    defaultAction: calComActions[0],
  },
  [zendeskBlock.type]: {
    schema: zendeskBlock.schema,
    actions: zendeskActions,
    defaultAction: zendeskActions[0],
  },
};

export type PluginMapping =
  | { kind: "native"; block: JsonRecord }
  /** An action this product does not run, or options it cannot read: the block is kept unsupported. */
  | { kind: "unsupported"; reason: string };

/**
 * A Typebot plug-in block whose kind runs natively: kept as exported (its options are this kind's; a credentials
 * id of the other install is removed later, as every block's, with a warning). An action this product does not
 * run, or options of another shape, leave it to be kept unsupported. Undefined: not such a plug-in.
 */
export function mapTypebotPlugin(block: JsonRecord): PluginMapping | undefined {
  const plugin = typeof block.type === "string" ? nativeTypebotPlugins[block.type] : undefined;
  if (!plugin) return undefined;
  const options = isRecord(block.options) ? block.options : {};
  const action = typeof options.action === "string" ? options.action : plugin.defaultAction;
  if (!plugin.actions.includes(action))
    return { kind: "unsupported", reason: `its action "${action}" is not supported yet` };
  if (!plugin.schema.safeParse(block).success)
    return { kind: "unsupported", reason: "its options could not be read" };
  return { kind: "native", block };
}
