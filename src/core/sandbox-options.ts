/** What a sandbox starts with (`startSandbox()`, `new Calendar({ sandbox })`): its records and faults. */
import type { ResourceName } from '../spec/resources.js';
import type { CreateFieldsOf } from '../spec/types.js';

/** Records a sandbox starts with, by resource; events may name the venues, organizers and terms given beside them. */
export type SandboxSeed = { [R in ResourceName]?: ReadonlyArray<CreateFieldsOf<R> & { slug?: string }> };

export interface StartSandboxOptions {
  /** The records to start with, or `demo` (a few venues, organizers and a month of events); default none. */
  seed?: SandboxSeed | 'demo';
  /**
   * Faults injected into the answers, as kind=rate pairs: `429=0.2,reset=0.05,slow=300:0.1`
   * (kinds 429, 500, 503, html, reset, reset-after, slow=MS).
   */
  faults?: string;
  /** Seed of the generator that picks the faults (default 1): the same seed, the same faults. */
  faultsSeed?: number;
  /** The site's zone (default America/New_York). */
  timezone?: string;
  /** The port to listen on, on 127.0.0.1 (default a free one). */
  port?: number;
}
