import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { EAGER_HTTP2, UNDICI_PIECES, withLazyHttp2 } from '../../scripts/undici-pieces.mjs';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('the undici internals the client imports', () => {
  test('undici is pinned to the installed version, whose layout the client relies on', () => {
    expect(pkg.devDependencies.undici).toMatch(/^\d+\.\d+\.\d+$/);
    expect(require('undici/package.json').version).toBe(pkg.devDependencies.undici);
  });

  test('each internal path exists and exports what the client uses', () => {
    const [agent, proxyAgent, request] = UNDICI_PIECES.map((path: string) => require(path));
    const undici = require('undici');
    expect(agent).toBe(undici.Agent);
    expect(proxyAgent).toBe(undici.EnvHttpProxyAgent);
    expect(typeof request).toBe('function');
  });

  test('the HTTP/2 client is loaded only on first use', () => {
    const source = readFileSync(require.resolve('undici/lib/dispatcher/client.js'), 'utf8');
    expect(source).toContain(EAGER_HTTP2);
    const lazy = withLazyHttp2(source);
    expect(lazy).not.toContain(EAGER_HTTP2);
    expect(lazy).toContain("require('./client-h2.js')(client, socket)");
    expect(() => withLazyHttp2('no such line')).toThrow(/no longer has/);
  });
});
