/** The yaml package, loaded when a command reads or writes YAML (it is CommonJS under Node). */
export type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const loaded = (await import('yaml')) as Yaml & { default?: Yaml };
  return loaded.Document ? loaded : loaded.default!;
}

/**
 * YAML of records for `--format yaml`: every string double-quoted, so that no reader takes
 * a date, `yes` or `0123` for anything but text; lines never folded.
 */
export async function recordsYaml(value: unknown): Promise<string> {
  const yaml = await loadYaml();
  return yaml.stringify(value, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0, minContentWidth: 0 });
}
