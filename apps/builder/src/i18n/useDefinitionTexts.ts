"use client";

import { type AnyCredentialsDefinition, getFieldFacts } from "@parley/schemas/credentials";
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import { getFieldLabelKey, toCredentialsFieldKey } from "./definitionTexts";
import { getOptionValueKey } from "./optionValues";

/** How the forms read the labels definitions give (definitionTexts.ts), in the interface language. */
export interface DefinitionTexts {
  /** A kind's own label of one of its options, or undefined when its definition gives none. */
  fieldLabel(blockType: string, option: string): string | undefined;
  /** A credentials kind's name ("SMTP (e-mail)"). */
  credentialsLabel(definition: AnyCredentialsDefinition): string;
  /** A credentials field's label and hint, by its dotted path. */
  credentialsField(definition: AnyCredentialsDefinition, path: string): { label: string; hint?: string };
  /** The label and hint of a kind's pasted JSON file, when its data is one. */
  pastedJson(definition: AnyCredentialsDefinition): { label: string; hint?: string } | undefined;
  /** A stored option value as a select lists it (optionValues.ts; a number's unit as `Intl` names it). */
  optionValue(option: string, value: string): string;
}

export function useDefinitionTexts(): DefinitionTexts {
  const t = useTranslations();
  const locale = useLocale();
  return useMemo(() => {
    // The keys are made from the definitions at run time; the catalogue test checks every language has them.
    const translate = t as unknown as (key: string) => string;
    return {
      fieldLabel: (blockType, option) => {
        const key = getFieldLabelKey(blockType, option);
        return key ? translate(`BlockFieldLabels.${key}`) : undefined;
      },
      credentialsLabel: (definition) => translate(`CredentialsForms.${definition.type}.label`),
      credentialsField: (definition, path) => {
        const key = `CredentialsForms.${definition.type}.fields.${toCredentialsFieldKey(path)}`;
        const facts = getFieldFacts(definition).get(path);
        return {
          label: translate(`${key}.label`),
          ...(facts?.hint ? { hint: translate(`${key}.hint`) } : {}),
        };
      },
      pastedJson: (definition) =>
        definition.pastedJson
          ? {
              label: translate(`CredentialsForms.${definition.type}.pastedJson.label`),
              ...(definition.pastedJson.hint
                ? { hint: translate(`CredentialsForms.${definition.type}.pastedJson.hint`) }
                : {}),
            }
          : undefined,
      optionValue: (option, value) => {
        const key = getOptionValueKey(option, value);
        if (key) return translate(`OptionValues.${key}`);
        return option === "unit" ? (getUnitName(value, locale) ?? value) : value;
      },
    };
  }, [t, locale]);
}

/** A unit's name in a language ("kilogrammes"), as `Intl` writes it; undefined for a unit it does not know. */
function getUnitName(unit: string, locale: string): string | undefined {
  try {
    const parts = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).formatToParts(
      2,
    );
    return (
      parts
        .filter((part) => part.type === "unit")
        .map((part) => part.value)
        .join("")
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}
