/**
 * Language variants (`i18n_language`). Text written with a language is stored as that
 * language's variant and read back with it; reads without one get the default text.
 */
import { LANGUAGES, resources, type ResourceName } from '../../spec/resources.js';
import type { ParamProblems } from './errors.js';

export type Language = (typeof LANGUAGES)[number];

const translatable = new Map<ResourceName, Set<string>>();

/** The fields that hold words (the resource table's `translated`). */
export function translatableFields(resource: ResourceName): Set<string> {
  let fields = translatable.get(resource);
  if (!fields) {
    fields = new Set(resources[resource].fields.filter((field) => field.translated).map((field) => field.name));
    translatable.set(resource, fields);
  }
  return fields;
}

/** The requested language, undefined for the default; anything else is a 400 (a deliberate difference). */
export function requestedLanguage(value: unknown, problems: ParamProblems): Language | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  problems.invalid('i18n_language', {
    code: 'rest_not_in_enum',
    message: `i18n_language is not one of ${LANGUAGES.join(', ')}.`,
    data: { param: 'i18n_language' },
  });
  return undefined;
}

interface HasVariants {
  variants?: Partial<Record<Language, Record<string, string>>>;
}

/** The text of `field` in `language`, falling back to the default. */
export function localized(record: HasVariants, field: string, base: string, language: Language | undefined): string {
  if (!language) return base;
  const variant = record.variants?.[language]?.[field];
  return variant ?? base;
}

export function setVariant(record: HasVariants, language: Language, field: string, value: string): void {
  record.variants ??= {};
  (record.variants[language] ??= {})[field] = value;
}
