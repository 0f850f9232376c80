/** The yaml package, loaded when a command reads or writes YAML (it is CommonJS under Node). */
export type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const loaded = (await import('yaml')) as Yaml & { default?: Yaml };
  return loaded.Document ? loaded : loaded.default!;
}
