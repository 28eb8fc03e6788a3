import type { z } from "zod";

/** The dotted paths of an object's fields, nested objects included (`from`, `from.email`). */
export type FieldPath<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]:
          | K
          | (NonNullable<T[K]> extends readonly unknown[]
              ? never
              : NonNullable<T[K]> extends object
                ? `${K}.${FieldPath<NonNullable<T[K]>>}`
                : never);
      }[keyof T & string]
    : never;

/** How one field of a credentials form reads; a nested object's entry titles its group of fields. */
export interface CredentialsFieldFacts {
  label: string;
  hint?: string;
  placeholder?: string;
  /** A secret (a key, a token, a password): typed in a password input, never shown again. */
  isSecret?: true;
}

/**
 * One credentials kind: everything the product knows about it besides how a block uses it. The
 * API's create input, the stored data's check, the builder's form and the block's credentials
 * picker all read it from here.
 */
export interface CredentialsDefinition<T extends string = string, S extends z.ZodObject = z.ZodObject> {
  /** The wire string of `credentials.type`. */
  type: T;
  /** The shape of `data`: checked when created and again when read back. */
  schema: S;
  /** How the builder names the kind ("Add new Stripe credentials…"). */
  label: string;
  /** Labels, hints and secrecy of the form's fields, by dotted path in `data`; every field has one. */
  fields: Readonly<Record<FieldPath<z.input<S>>, CredentialsFieldFacts>>;
  /**
   * `data` is pasted as one JSON object (a key file a console downloads) rather than typed field by
   * field; its other properties are dropped by the schema.
   */
  pastedJson?: { label: string; placeholder?: string; hint?: string };
}

/** Declares a credentials kind; `const` keeps the literal wire type for the registry. */
export function defineCredentials<const T extends string, S extends z.ZodObject>(
  definition: CredentialsDefinition<T, S>,
): CredentialsDefinition<T, S> {
  return definition;
}

/** The facts of a definition's fields, by dotted path. */
export const getFieldFacts = (
  definition: CredentialsDefinition,
): ReadonlyMap<string, CredentialsFieldFacts> => new Map(Object.entries(definition.fields));

/** The dotted paths of a definition's secret fields. */
export const getSecretFields = (definition: CredentialsDefinition): string[] =>
  [...getFieldFacts(definition)].filter(([, facts]) => facts.isSecret).map(([path]) => path);
