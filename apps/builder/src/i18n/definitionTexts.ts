import { blockDefinitions } from "@parley/schemas";
import {
  type AnyCredentialsDefinition,
  credentialsDefinitions,
  getFieldFacts,
} from "@parley/schemas/credentials";
import { getBlockLabels } from "@/features/editor/catalogue/blockLabels";

/**
 * The labels block and credentials definitions write for the builder's forms (a kind's `settings.fieldLabels`, a
 * credentials kind's name, its fields' labels and hints): the definition's English is the English catalogue's
 * text, under a key made from where it is, and each other interface language's catalogue translates that key
 * (`BlockFieldLabels.<kind>.<option>`, `CredentialsForms.<type>.label`, `CredentialsForms.<type>.fields.<path>`,
 * with the dots of a nested path written `_`). A label added to a definition without its translations fails the
 * catalogue test.
 */

type Messages = { [key: string]: string | Messages };

/** The kind's key in the catalogues (`sendEmail` for "Send email"), the one its name has in `BlockLabels`. */
const blockKeys: Record<string, string> = getBlockLabels(((key: string) => key) as never);

/** A text as an ICU message that reads as itself (braces quoted, apostrophes doubled). */
export function toIcuLiteral(text: string): string {
  return text.replace(/'/g, "''").replace(/[{}<>]+/g, (run) => `'${run}'`);
}

/** The catalogue key of a kind's option label, or undefined when its definition gives the option none. */
export function getFieldLabelKey(blockType: string, option: string): string | undefined {
  const kind = blockKeys[blockType];
  const definition = blockDefinitions.find((candidate) => candidate.type === blockType);
  const labels: Readonly<Record<string, string>> | undefined = definition?.settings?.fieldLabels;
  return kind && labels && Object.hasOwn(labels, option) ? `${kind}.${option}` : undefined;
}

/** A credentials field's dotted path as one catalogue key (`from.email` → `from_email`). */
export const toCredentialsFieldKey = (path: string) => path.replace(/\./g, "_");

/** English's `BlockFieldLabels`: each kind's own option labels, from its definition. */
export function buildBlockFieldLabelsEnglish(): Messages {
  const catalogue: Messages = {};
  for (const definition of blockDefinitions) {
    const labels: Readonly<Record<string, string>> | undefined = definition.settings?.fieldLabels;
    const kind = blockKeys[definition.type];
    if (!labels || !kind) continue;
    catalogue[kind] = Object.fromEntries(
      Object.entries(labels).map(([option, label]) => [option, toIcuLiteral(label)]),
    );
  }
  return catalogue;
}

/** English's `CredentialsForms`: each credentials kind's name and its fields' labels and hints, from its definition. */
export function buildCredentialsFormsEnglish(): Messages {
  const catalogue: Messages = {};
  for (const definition of credentialsDefinitions as readonly AnyCredentialsDefinition[]) {
    const fields: Messages = {};
    for (const [path, facts] of getFieldFacts(definition))
      fields[toCredentialsFieldKey(path)] = {
        label: toIcuLiteral(facts.label),
        ...(facts.hint ? { hint: toIcuLiteral(facts.hint) } : {}),
      };
    catalogue[definition.type] = {
      label: toIcuLiteral(definition.label),
      fields,
      ...(definition.pastedJson
        ? {
            pastedJson: {
              label: toIcuLiteral(definition.pastedJson.label),
              ...(definition.pastedJson.hint ? { hint: toIcuLiteral(definition.pastedJson.hint) } : {}),
            },
          }
        : {}),
    };
  }
  return catalogue;
}
