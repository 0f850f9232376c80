/**
 * Fault injection: each request draws one number from a seeded generator, in arrival order,
 * and that number picks its fate: one of the faults (by their rates, laid end to end on
 * [0, 1)) or a normal answer. The same seed and the same request order give the same faults.
 *
 * Spec: a comma list of `kind=rate`, rate a fraction (`0.1`) or a percentage (`10%`):
 *   reset        the connection is destroyed before the request is handled
 *   reset-after  the request is handled (and stored), then the connection is destroyed
 *   429          `429 Too Many Requests` with `Retry-After: 1`
 *   500          a JSON `internal_server_error`
 *   503          an HTML `503 Service Unavailable` page, as a proxy sends it
 *   html         a 500 with an HTML "critical error" page, as a PHP fatal error gives
 *   slow=MS:RATE answered normally after MS milliseconds (`slow=MS` alone: every request)
 * The rates add up to at most 1.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';

export type FaultKind = 'reset' | 'reset-after' | '429' | '500' | '503' | 'html' | 'slow';

export const FAULT_KINDS: readonly FaultKind[] = ['reset', 'reset-after', '429', '500', '503', 'html', 'slow'];

export interface FaultRule {
  kind: FaultKind;
  rate: number;
  /** For `slow`: the delay before answering. */
  delayMs?: number;
}

export class FaultSpecError extends Error {}

const MAX_SLOW_MS = 600_000;

function parseRate(text: string, kind: string): number {
  const percent = text.endsWith('%');
  const number = percent ? text.slice(0, -1) : text;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(number))
    throw new FaultSpecError(`--faults: the rate of ${kind} must be a fraction like 0.1 or a percentage like 10%, got "${text}"`);
  const rate = Number(number) / (percent ? 100 : 1);
  if (rate > 1) throw new FaultSpecError(`--faults: the rate of ${kind} must be at most 1 (100%), got "${text}"`);
  return rate;
}

/** Reads a spec such as `reset=0.1,429=5%,slow=200:0.1`. */
export function parseFaultSpec(spec: string): FaultRule[] {
  if (!spec.trim()) throw new FaultSpecError('--faults needs a comma list of kind=rate, e.g. reset=0.1,429=0.05,slow=200:0.1');
  const rules: FaultRule[] = [];
  for (const item of spec.split(',').map((part) => part.trim())) {
    const match = /^([a-z0-9-]+)=(.*)$/i.exec(item);
    if (!match) throw new FaultSpecError(`--faults: "${item}" is not kind=rate (kinds: ${FAULT_KINDS.join(', ')})`);
    const kind = match[1].toLowerCase() as FaultKind;
    if (!FAULT_KINDS.includes(kind)) throw new FaultSpecError(`--faults: unknown fault "${match[1]}" (kinds: ${FAULT_KINDS.join(', ')})`);
    if (rules.some((rule) => rule.kind === kind)) throw new FaultSpecError(`--faults: ${kind} is given twice`);
    if (kind === 'slow') {
      const slow = /^(\d+)(?::(.*))?$/.exec(match[2]);
      if (!slow) throw new FaultSpecError(`--faults: slow takes MS or MS:RATE (e.g. slow=200:0.1), got "${match[2]}"`);
      const delayMs = Number(slow[1]);
      if (delayMs > MAX_SLOW_MS) throw new FaultSpecError(`--faults: slow delay must be at most ${MAX_SLOW_MS} ms, got ${delayMs}`);
      rules.push({ kind, rate: slow[2] === undefined ? 1 : parseRate(slow[2], kind), delayMs });
    } else {
      rules.push({ kind, rate: parseRate(match[2], kind) });
    }
  }
  const total = rules.reduce((sum, rule) => sum + rule.rate, 0);
  if (total > 1 + 1e-9) throw new FaultSpecError(`--faults: the rates add up to ${Number(total.toFixed(6))}; they must add up to at most 1`);
  return rules;
}

/** Reads `--faults-seed`: an integer from 0 to 2^32-1. */
export function parseFaultSeed(text: string | number): number {
  const value = String(text).trim();
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) throw new FaultSpecError(`--faults-seed must be an integer from 0 to 4294967295, got "${text}"`);
  return Number(value);
}

/** A small, fast 32-bit generator (mulberry32): plenty for picking faults reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultPicker {
  /** The fate of the next request: a rule, or null for a normal answer. */
  next(): FaultRule | null;
  /** How many requests got each fault so far. */
  counts: Record<string, number>;
}

export function faultPicker(rules: FaultRule[], seed: number): FaultPicker {
  const random = seededRandom(seed);
  const counts: Record<string, number> = {};
  return {
    counts,
    next() {
      const draw = random();
      let edge = 0;
      for (const rule of rules) {
        edge += rule.rate;
        if (draw < edge) {
          counts[rule.kind] = (counts[rule.kind] ?? 0) + 1;
          return rule;
        }
      }
      return null;
    },
  };
}

const CRITICAL_ERROR_PAGE =
  '<!DOCTYPE html>\n<html lang="en-US"><head><meta charset="utf-8"><title>WordPress &rsaquo; Error</title></head>\n' +
  '<body id="error-page"><div class="wp-die-message"><p>A critical error stopped this site from answering.</p></div></body></html>\n';
const UNAVAILABLE_PAGE =
  '<html>\n<head><title>503 Service Temporarily Unavailable</title></head>\n<body>\n<center><h1>503 Service ' +
  'Temporarily Unavailable</h1></center>\n</body>\n</html>\n';

function drain(request: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    request
      .on('end', resolve)
      .on('error', () => resolve())
      .resume();
  });
}

function answer(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** Acts out `rule` on one request; `handle` answers it normally. */
export function applyFault(rule: FaultRule, request: IncomingMessage, response: ServerResponse, handle: () => void): void {
  switch (rule.kind) {
    case 'reset':
      request.socket.destroy();
      return;
    case 'reset-after': {
      // The request is handled as usual, but its answer never leaves: the connection drops instead.
      const socket = request.socket;
      response.writeHead = (() => response) as unknown as ServerResponse['writeHead'];
      response.write = (() => true) as unknown as ServerResponse['write'];
      response.end = (() => {
        socket.destroy();
        return response;
      }) as unknown as ServerResponse['end'];
      handle();
      return;
    }
    case 'slow':
      setTimeout(handle, rule.delayMs ?? 0);
      return;
    default:
      void drain(request).then(() => {
        if (rule.kind === '429') {
          answer(
            response,
            429,
            'application/json; charset=UTF-8',
            '{"code":"too_many_requests","message":"Too many requests, slow down.","data":{"status":429}}',
            { 'Retry-After': '1' },
          );
        } else if (rule.kind === '500') {
          answer(
            response,
            500,
            'application/json; charset=UTF-8',
            '{"code":"internal_server_error","message":"The server failed to answer.","data":{"status":500}}',
          );
        } else if (rule.kind === '503') {
          answer(response, 503, 'text/html', UNAVAILABLE_PAGE);
        } else {
          answer(response, 500, 'text/html; charset=UTF-8', CRITICAL_ERROR_PAGE);
        }
      });
  }
}
