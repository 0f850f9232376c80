export function importsOf(file: string): string[];
export function importGraph(dir: string): Map<string, string[]>;
export function importCycles(graph: Map<string, string[]>): string[][];
