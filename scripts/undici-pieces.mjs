// The undici internals the CLI imports instead of the package's index (which loads fetch,
// WebSocket, caches and mocks), and the build step that loads its HTTP/2 client only when a
// server actually negotiates h2. Both depend on undici's file layout, so package.json pins
// undici to one version and test/unit/undici-pieces.test.ts checks these paths and lines.
import { readFile } from 'node:fs/promises';

export const UNDICI_PIECES = [
  'undici/lib/dispatcher/agent.js',
  'undici/lib/dispatcher/env-http-proxy-agent.js',
  'undici/lib/api/api-request.js',
  'undici/lib/api/api-connect.js',
  'undici/lib/dispatcher/dispatcher.js',
];

export const EAGER_HTTP2 = "const connectH2 = require('./client-h2.js')";
// Called only for a socket whose ALPN protocol is h2; loading it otherwise costs node:http2.
const LAZY_HTTP2 = "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)";

/** Rewrites undici's client.js so that client-h2.js (and node:http2) load on first use. */
export function withLazyHttp2(source) {
  if (!source.includes(EAGER_HTTP2)) throw new Error(`undici/lib/dispatcher/client.js no longer has: ${EAGER_HTTP2}`);
  return source.replace(EAGER_HTTP2, LAZY_HTTP2);
}

export const lazyHttp2 = {
  name: 'lazy-http2',
  setup(build) {
    build.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => ({
      contents: withLazyHttp2(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
