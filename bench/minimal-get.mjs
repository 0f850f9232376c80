// The baseline of the one-GET benchmark: undici, one request, the body printed.
import { request } from 'undici';

const res = await request(process.argv[2], { headers: { authorization: process.env.BENCH_AUTH ?? '', accept: 'application/json' } });
process.stdout.write(`${JSON.stringify(await res.body.json(), null, 2)}\n`);
