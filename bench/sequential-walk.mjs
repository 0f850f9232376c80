// The baseline of the --all benchmark: pages fetched one after the other, records written as NDJSON.
import { request } from 'undici';

const [base, extra = ''] = process.argv.slice(2);
const headers = { authorization: process.env.BENCH_AUTH ?? '', accept: 'application/json' };
for (let page = 1; ; page++) {
  const res = await request(`${base}?per_page=50&page=${page}${extra ? `&${extra}` : ''}`, { headers });
  if (res.statusCode !== 200) {
    await res.body.dump();
    break;
  }
  const body = await res.body.json();
  const list = body.events ?? [];
  for (const record of list) process.stdout.write(`${JSON.stringify(record)}\n`);
  if (list.length === 0 || page >= body.total_pages) break;
}
