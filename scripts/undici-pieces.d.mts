import type { Plugin } from 'esbuild';

export const UNDICI_PIECES: string[];
export const EAGER_HTTP2: string;
export function withLazyHttp2(source: string): string;
export const lazyHttp2: Plugin;
