import { describe, expect, test } from 'vitest';
import { configSchema } from '../../src/core/config/schema.js';

/** The first problem as loadConfig reports it: path and message. */
function problem(config: unknown): string | undefined {
  const parsed = configSchema.safeParse(config);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `${issue.path.join('.') || '(top)'}: ${issue.message}`;
}

describe('the config file schema', () => {
  test.each([
    [{ profiles: { a: { baseUrl: 'not a url' } } }, 'profiles.a.baseUrl: Invalid URL'],
    [{ profiles: { a: { baseUrl: 5 } } }, 'profiles.a.baseUrl: Invalid input: expected string, received number'],
    [{ profiles: { a: { namespace: 'events' } } }, 'profiles.a.namespace: a namespace like tribe/events/v1'],
    [{ profiles: { a: { language: 'de' } } }, 'profiles.a.language: Invalid option: expected one of "fr"|"it"|"es"'],
    [{ profiles: { a: { timeout: 0 } } }, 'profiles.a.timeout: Too small: expected number to be >0'],
    [{ profiles: { a: { appPasswordEnv: '1PASSWORD' } } }, 'profiles.a.appPasswordEnv: an environment variable name'],
    [{ profiles: { a: { password: 'x' } } }, 'profiles.a: Unrecognized key: "password"'],
    [{ profile: {} }, '(top): Unrecognized key: "profile"'],
    [{ profiles: [] }, 'profiles: Invalid input: expected record, received array'],
    [null, '(top): Invalid input: expected object, received null'],
  ])('%j is refused with a message in English: %s', (config, message) => {
    expect(problem(config)).toBe(message);
  });

  test('a valid file comes back as written, with no profiles when it names none', () => {
    const config = { defaultProfile: 'a', profiles: { a: { baseUrl: 'https://a.example/wp-json', language: 'fr', timeout: 5, appPasswordEnv: 'A_PASSWORD' } } };
    expect(configSchema.parse(config)).toEqual(config);
    expect(configSchema.parse({})).toEqual({ profiles: {} });
  });
});
