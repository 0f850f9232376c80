// The floor of the one-GET benchmark: Node's own http module, one request, the body printed.
import { get } from 'node:http';

get(process.argv[2], { headers: { authorization: process.env.BENCH_AUTH ?? '', accept: 'application/json' } }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`));
});
