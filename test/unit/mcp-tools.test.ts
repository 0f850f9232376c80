/** The MCP tool table as derived from the resource table, and the cutting of secrets out of answers. */
import { describe, expect, test } from 'vitest';
import { tools } from '../../src/mcp/tools.js';
import { redactor } from '../../src/mcp/server.js';
import { resources } from '../../src/spec/resources.js';

describe('the tool table', () => {
  test("every field of the resource table is an input of its create and update, with the table's description", () => {
    for (const resource of Object.values(resources)) {
      const create = tools().find((t) => t.name === `${resource.name}_create`)!;
      const update = tools().find((t) => t.name === `${resource.name}_update`)!;
      for (const field of resource.fields) {
        expect(create.input.properties[field.name]?.description).toContain(field.description);
        expect(update.input.properties).toHaveProperty(field.name);
      }
      expect(create.input.required).toEqual(resource.fields.filter((f) => f.required).map((f) => f.name));
    }
  });

  test('list filters are the API parameters but paging, which limit and cursor replace; fields picks the columns', () => {
    const list = tools().find((t) => t.name === 'events_list')!;
    expect(Object.keys(list.input.properties)).toEqual([
      ...resources.events.listParams.map((p) => p.name).filter((name) => name !== 'page' && name !== 'per_page'),
      'limit',
      'cursor',
      'fields',
    ]);
  });

  test('read-only keeps exactly the tools hinted read-only', () => {
    const all = tools();
    const reads = tools({ readOnly: true });
    expect(reads.map((t) => t.name)).toEqual(all.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    expect(reads.some((t) => /_(create|update|delete)$/.test(t.name))).toBe(false);
  });
});

describe('redactor', () => {
  const hide = redactor({ username: 'admin', password: 'abcd EFGH ijkl MNOP' });

  test('cuts the password as typed, without its spaces, and in Basic credentials', () => {
    const basic = Buffer.from('admin:abcdEFGHijklMNOP').toString('base64');
    const text = `p=abcd EFGH ijkl MNOP q=abcdEFGHijklMNOP auth=Basic ${basic}`;
    expect(hide(text)).toBe('p=[hidden] q=[hidden] auth=Basic [hidden]');
  });

  test('leaves other text as it is', () => {
    expect(hide('Basic salsa class, "quoted" été')).toBe('Basic salsa class, "quoted" été');
    expect(redactor({})('anything')).toBe('anything');
  });
});
