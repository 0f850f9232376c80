import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
const transport = new StdioClientTransport({ command: process.execPath, args: ['bin/calendar.js', 'mcp', '--profile', 'real3'], env: { PATH: process.env.PATH, HOME: '/tmp/mcp-home', XDG_CONFIG_HOME: '/tmp/mcp-cfg' }, stderr: 'inherit' });
const client = new Client({ name: 'real', version: '1' });
await client.connect(transport);
for (const [name, args] of JSON.parse(process.argv[2])) {
  const r = await client.callTool({ name, arguments: args });
  console.log(`${name} ${JSON.stringify(args)} -> ${r.isError ? 'ERROR ' : ''}${r.content.map((c) => c.text).join(' | ').slice(0, 700)}`);
}
await client.close();
