import { z } from 'zod';
import { LANGUAGES } from '../resources.js';

export const profileSchema = z
  .object({
    baseUrl: z.string().url().optional(),
    namespace: z.string().regex(/^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i, 'a namespace like tribe/events/v1').optional(),
    language: z.enum(LANGUAGES).optional(),
    timezone: z.string().optional(),
    username: z.string().optional(),
    appPassword: z.string().optional(),
    appPasswordEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
    appPasswordCommand: z.string().optional(),
    timeout: z.number().positive().optional(),
    caCert: z.string().optional(),
  })
  .strict();

export const configSchema = z
  .object({
    defaultProfile: z.string().optional(),
    profiles: z.record(z.string(), profileSchema).default({}),
  })
  .strict();

export type ProfileConfig = z.infer<typeof profileSchema>;
export type ConfigFile = z.infer<typeof configSchema>;
