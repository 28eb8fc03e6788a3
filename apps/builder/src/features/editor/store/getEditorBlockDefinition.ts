import {
  type Block,
  type BlockDefinition,
  type BlockKindSchema,
  getAnyBlockDefinition,
} from "@parley/schemas";

/** A block kind's schema seen as producing any block, so its definition's functions take any block. */
type AnyBlockKindSchema = BlockKindSchema & { _zod: { output: Block } };

/**
 * The definition of a block's kind, its functions typed for the editor's blocks and items. Sound
 * because the definition is found by the block's own `type`: it only ever sees blocks of its kind.
 */
export function getEditorBlockDefinition(type: string): BlockDefinition<AnyBlockKindSchema> | undefined {
  return getAnyBlockDefinition(type) as BlockDefinition<AnyBlockKindSchema> | undefined;
}
