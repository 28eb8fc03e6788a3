import type { z } from "zod";
import type { AnyCredentialsDefinition } from "../../credentials";
import type { BlockTextKey, BlockTextTranslator } from "./editor-texts/blockEditorTexts";
import type { AiKindFacts } from "./integrations/aiOptions";
import type { TextChannelField } from "./textChannel";

/** The four families of the catalogue; `input` blocks make the walk wait for a reply. */
export const blockCategories = ["bubble", "input", "logic", "integration"] as const;
export type BlockCategory = (typeof blockCategories)[number];

/** A block kind's zod schema: an object whose `type` is the kind's wire string. */
export type BlockKindSchema = z.ZodObject & { shape: { type: { value: string } } };

/** The item type of a kind with items. */
export type ItemOf<B> = B extends { items?: (infer I)[] } ? I : never;

/**
 * What a kind's settings form edits, as its schema types it: the block's `options` (a bubble's
 * `content`). The settings hooks receive it, so a definition reads its options without casting.
 */
export type SettingsOf<B> = B extends { options?: infer O }
  ? NonNullable<O>
  : B extends { content?: infer C }
    ? NonNullable<C>
    : Readonly<Record<string, never>>;

/** Where a kind's translatable texts are (see `BlockDefinition.texts`). */
export interface BlockTexts {
  fields?: readonly string[];
  itemFields?: readonly string[];
  itemPathFields?: readonly string[];
}

/** Makes a fresh id for a new block, item or card path. */
export type CreateId = () => string;

/** Names the canvas summary of a block needs from the rest of the document. */
export interface BlockSummaryContext {
  /** The name of a variable id, or undefined when the id is unset or unknown. */
  variableName(id: string | undefined): string | undefined;
  /** The title of a group id, or undefined. */
  groupTitle(id: string | undefined): string | undefined;
  /** Writes a summary's words (`blockEditorTexts`' keys) in the reader's language. */
  t: BlockTextTranslator;
  /** A stored option value a summary quotes (an action, a Set variable's kind), as the reader's language says it. */
  optionValue(option: string, value: string): string;
}

/**
 * How the builder edits a kind: a form generated from its options schema (the default), the rich
 * text editor of text bubbles, a group/bot target picker, nothing to set, or the kept fields of an
 * unsupported block shown read-only.
 */
export type BlockSettingsPanel = "form" | "richText" | "jumpTarget" | "botLinkTarget" | "none" | "readOnly";

/**
 * Everything the product knows about one block kind apart from how it runs (its executor in the
 * engine) and how the widget shows an input (its component). Registries elsewhere are keyed by
 * these definitions, so a kind missing from one is a type error.
 */
export interface BlockDefinition<
  S extends BlockKindSchema = BlockKindSchema,
  C extends BlockCategory = BlockCategory,
> {
  /** Typebot's wire string, e.g. `rating input`. */
  type: S["shape"]["type"]["value"];
  schema: S;
  category: C;
  /**
   * AI provider kinds (one executor through the AI port, one settings layout): the protocol their
   * provider speaks, the actions this server runs, the default base URL (see aiOptions.ts).
   */
  ai?: AiKindFacts;
  /** The credentials kind its `options.credentialsId` points at (the settings picker lists and adds these). */
  credentials?: AnyCredentialsDefinition;
  /**
   * The texts an author writes in this kind, which a bot translates per language (docs/languages.md): dotted
   * paths in the block (`content.richText` is rich text), in each of its items, and in each path (button) of
   * each item. A translation of any other field is ignored.
   */
  texts?: BlockTexts;
  /** The schema's defaults of `options` (or `content` for bubbles), shown as placeholders. */
  defaults: Readonly<Record<string, unknown>>;
  catalogue: {
    label: string;
    /** A lucide icon name; the builder's icon table maps it to the component. */
    icon: string;
    /** Words that find the block in the catalogue search besides its label. */
    keywords?: string;
    /** Not offered in the catalogue: only an import makes such blocks. */
    isHidden?: true;
  };
  /**
   * What a new block holds besides `id` and `type` when the catalogue drops it, when that is more
   * than one new item (kinds with `settings.items`) or nothing.
   */
  initialFields?(createId: CreateId): Omit<Partial<z.infer<S>>, "id" | "type">;
  /** One line on the canvas, or null while the block still needs setting up. */
  getSummary(block: z.infer<S>, context: BlockSummaryContext): string | null;
  canvas?: {
    /** Its items are drawn as rows, each with its own exit. */
    hasItemRows?: true;
    /** Whether it has a default exit besides its items (true when omitted). */
    hasDefaultExit?(block: z.infer<S>): boolean;
    /** What an item row says (a choice's text, a condition, a path's share). */
    getItemSummary?(block: z.infer<S>, item: ItemOf<z.infer<S>>, context: BlockSummaryContext): string | null;
    /** What an item row says while its summary is empty ("Click to edit" when omitted). */
    itemPlaceholder?: BlockTextKey;
    /** Each item is a card drawn with its title and one row per path (button), each with an exit. */
    hasItemPaths?: true;
    /** The default exit is drawn as a last row with this text (a condition's "Else"). */
    defaultExitLabel?: BlockTextKey;
  };
  settings?: {
    /** "form" when omitted. */
    panel?: BlockSettingsPanel;
    /** How this kind's options read in its form, by key (generic labels otherwise). */
    fieldLabels?: Readonly<Record<string, string>>;
    /** What the block does, said by a panel with nothing to set ("none"). */
    description?: BlockTextKey;
    /**
     * Whether an option (its dotted path in `options`) means something with the current options
     * (e.g. a currency only for the currency style). Visible when omitted or when it answers undefined.
     */
    isFieldVisible?(key: string, options: SettingsOf<z.infer<S>>): boolean | undefined;
    /** Whether a string option (by its key) is code, edited in monospace; undefined leaves it to the generic rule. */
    isCodeField?(key: string, options: SettingsOf<z.infer<S>>): boolean | undefined;
    /** Its items are edited in the panel (added, removed, reordered). */
    items?: {
      /** One item in the panel's buttons: "Move button up", "Delete card". */
      name: string;
      /** The heading of the item at `index` (`${name} ${index + 1}` when omitted). */
      heading?(index: number): string;
      /** What "Add …" adds (`a ${name}` when omitted). */
      addLabel?: string;
      /** A new item as "Add" inserts it. */
      create(createId: CreateId): ItemOf<z.infer<S>>;
      /**
       * Whether an item's field (its dotted path in the item) means something with the item as the form
       * edits it; visible when omitted or when it answers undefined.
       */
      isFieldVisible?(key: string, item: Partial<ItemOf<z.infer<S>>>): boolean | undefined;
    };
    /**
     * The credentials kind `credentialsId` names with the current options, for a kind whose options choose it
     * (the AI agent's `provider`); `credentials` when omitted or when it answers undefined.
     */
    credentialsOf?(options: SettingsOf<z.infer<S>>): AnyCredentialsDefinition | undefined;
    /** A `credentialsId` meaning the platform's own account, offered besides the workspace's credentials. */
    platformCredentialsId?: string;
    /** The builder offers "Test" on the block (runs it once with sample values). */
    isTestable?: true;
    /** The Test button's text ("Run the block" when omitted). */
    testLabel?: BlockTextKey;
    /** The builder offers "Listen for a test call": the URL to call and the last body received (Webhook block). */
    hasTestCallListener?: true;
  };
}

/**
 * Declares a block kind; `const` keeps the literal wire type, category and `ai` facts for the registries
 * (`AiBlock` is the union of the kinds declared with `ai`). Input and bubble kinds must also
 * say how a text-only channel renders them (`textChannel`, see textChannel.ts).
 */
export function defineBlock<
  const S extends BlockKindSchema,
  const C extends BlockCategory,
  const D extends BlockDefinition<S, C>,
>(
  definition: D & BlockDefinition<S, C> & TextChannelField<S, C>,
): BlockDefinition<S, C> & Pick<D, "ai"> & TextChannelField<S, C> {
  return definition;
}

/** `label → {{Variable}}` when the block saves into a variable, else the label. */
export function withTargetVariable(
  label: string,
  variableId: string | undefined,
  context: BlockSummaryContext,
): string {
  const name = context.variableName(variableId);
  return name ? `${label} → {{${name}}}` : label;
}
