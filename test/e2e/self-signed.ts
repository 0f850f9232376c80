/** A throwaway self-signed certificate for loopback, made fresh for each run with openssl. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Writes cert.pem and key.pem into `dir`, valid a day for 127.0.0.1 and the other names given (`IP:…`, `DNS:…`). */
export async function selfSignedCert(dir: string, otherNames: string[] = []): Promise<{ certFile: string; keyFile: string }> {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const altNames = ['IP:127.0.0.1', ...otherNames].join(',');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    `subjectAltName=${altNames}`,
  ]);
  return { certFile, keyFile };
}
