/**
 * A site file as the check reads it: mappings (entries in file order, keys as YAML resolves
 * them), lists and single values, each with the offset in the text it starts at, so that
 * problems can name `file:line:column`. Built by the quick reader (plain-yaml.ts) or, for
 * anything else, from the yaml package's document.
 */
import type { Document, Node as YamlNode } from 'yaml';
import type { Yaml } from './yaml.js';

export interface TreeScalar {
  kind: 'scalar';
  value: unknown;
  at: number;
}
export interface TreeSeq {
  kind: 'seq';
  items: Tree[];
  at: number;
}
export interface TreeMap {
  kind: 'map';
  entries: TreeEntry[];
  at: number;
}
export interface TreeEntry {
  key: TreeScalar;
  value: Tree;
}
export type Tree = TreeScalar | TreeSeq | TreeMap;

/** A node as plain data: lists as arrays, mappings as objects. */
export function plainOf(tree: Tree): unknown {
  if (tree.kind === 'scalar') return tree.value;
  if (tree.kind === 'seq') return tree.items.map(plainOf);
  return Object.fromEntries(tree.entries.map((e) => [String(e.key.value), plainOf(e.value)]));
}

/** The yaml package's document as a tree; a missing value sits where its key is. */
export function treeOfYaml(yaml: Yaml, doc: Document.Parsed, node: YamlNode | null | undefined = doc.contents, at = 0): Tree {
  if (!node) return { kind: 'scalar', value: null, at };
  const start = node.range?.[0] ?? at;
  if (yaml.isAlias(node)) return treeOfYaml(yaml, doc, node.resolve(doc) as YamlNode | undefined, start);
  if (yaml.isMap(node)) {
    const entries = node.items.map((pair): TreeEntry => {
      const keyNode = pair.key as YamlNode | null;
      const keyAt = keyNode?.range?.[0] ?? start;
      const key: TreeScalar = { kind: 'scalar', value: yaml.isScalar(keyNode) ? keyNode.value : undefined, at: keyAt };
      return { key, value: treeOfYaml(yaml, doc, pair.value as YamlNode | null, keyAt) };
    });
    return { kind: 'map', entries, at: start };
  }
  if (yaml.isSeq(node)) return { kind: 'seq', items: node.items.map((item) => treeOfYaml(yaml, doc, item as YamlNode | null, start)), at: start };
  if (yaml.isScalar(node)) return { kind: 'scalar', value: node.value, at: start };
  return { kind: 'scalar', value: undefined, at: start };
}

/** `line:column` (both from 1) of offsets in one text, the line starts found once. */
export function positions(text: string): (offset: number) => string {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return `${low + 1}:${offset - starts[low] + 1}`;
  };
}
