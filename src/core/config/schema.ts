/**
 * The configuration file's schema, in zod's mini form: it is checked on every command that
 * finds a config file, and the classic API costs several times as much to set up (about 12
 * vs 3 ms). Mini comes with no messages of its own; English is set as classic zod sets it,
 * so that both say the same.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { LANGUAGES } from '../../spec/resources.js';

z.config(en());

export const profileSchema = z.strictObject({
  baseUrl: z.optional(z.string().check(z.url())),
  namespace: z.optional(z.string().check(z.regex(/^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i, 'a namespace like tribe/events/v1'))),
  language: z.optional(z.enum(LANGUAGES)),
  /** Whether the site's REST index listed a translation plugin when the profile was added (profile/discover.ts). */
  translations: z.optional(z.boolean()),
  timezone: z.optional(z.string()),
  username: z.optional(z.string()),
  appPassword: z.optional(z.string()),
  appPasswordEnv: z.optional(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'))),
  appPasswordCommand: z.optional(z.string()),
  timeout: z.optional(z.number().check(z.positive())),
  caCert: z.optional(z.string()),
  /** The API updates go through: `tec` (tec/v1 where it answers) or `tribe` (tribe/events/v1 only); found by `profile add`, or pinned. */
  api: z.optional(z.enum(['tec', 'tribe'])),
});

export const configSchema = z.strictObject({
  defaultProfile: z.optional(z.string()),
  profiles: z._default(z.record(z.string(), profileSchema), {}),
});

export type ProfileConfig = z.infer<typeof profileSchema>;
export type ConfigFile = z.infer<typeof configSchema>;
