/** The YAML form of `edit`: what it shows, and what it reads back as changes. */
import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { formText, formValues, readForm, withError } from '../../src/core/records/edit-form.js';

const tag = { id: 5, name: 'Outdoor', slug: 'outdoor', description: '' };

describe('edit form', () => {
  const values = formValues(resources.tags, tag);
  const text = formText(resources.tags, tag, values);

  test('starts with a comment header and lists the writable fields', () => {
    expect(text).toMatch(/^# tag 5 \(Outdoor\)\. Lines starting with # are ignored\.\n/);
    expect(text).toContain('\nname: Outdoor\n');
    expect(text).toContain('\nslug: outdoor\n');
  });

  test('unchanged reads as no changes, an emptied form as empty, a change as that field alone', () => {
    expect(readForm(resources.tags, text, values)).toEqual({ kind: 'changes', changes: {} });
    expect(readForm(resources.tags, '# only comments\n\n', values)).toEqual({ kind: 'empty' });
    expect(readForm(resources.tags, text.replace('name: Outdoor', 'name: Outside'), values)).toEqual({ kind: 'changes', changes: { name: 'Outside' } });
  });

  test('bad YAML, a list, and unknown fields are invalid', () => {
    expect(readForm(resources.tags, 'name: [oops', values).kind).toBe('invalid');
    expect(readForm(resources.tags, '- a\n- b\n', values).kind).toBe('invalid');
    expect(readForm(resources.tags, 'nmae: x\n', values)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('unknown field nmae') });
  });

  test('an error goes on top, replacing the previous one, and the edits stay', () => {
    const once = withError('name: [oops\n', 'first problem\nat line 1');
    const twice = withError(once, 'second problem');
    expect(twice).toBe('# error: second problem\nname: [oops\n');
  });
});

describe('edit form of a name the server shows with entities', () => {
  const event = {
    id: 9,
    title: 'Linked &#8211; it&#8217;s &#8220;fine&#8221; &#038; <b>bold</b>',
    slug: 'linked',
    start_date: '2027-01-01 10:00:00',
    end_date: '2027-01-01 11:00:00',
  };
  const values = formValues(resources.events, event);
  const text = formText(resources.events, event, values);

  test('shows the name as it reads, tags kept', () => {
    expect(text).toMatch(/^# event 9 \(Linked – it’s “fine” & <b>bold<\/b>\)\./);
    expect(text).toContain('\ntitle: Linked – it’s “fine” & <b>bold</b>\n');
    expect(text).not.toContain('&#');
  });

  test('reads back unchanged, and a change to the name as the text typed', () => {
    expect(readForm(resources.events, text, values)).toEqual({ kind: 'changes', changes: {} });
    const changed = text.replace('title: Linked – it’s “fine”', 'title: Linked – it’s “great”');
    expect(readForm(resources.events, changed, values)).toEqual({ kind: 'changes', changes: { title: 'Linked – it’s “great” & <b>bold</b>' } });
  });

  test('a term name keeps no &amp;', () => {
    const term = { id: 3, name: 'Rock &amp; Roll', slug: 'rock-roll' };
    expect(formText(resources.categories, term, formValues(resources.categories, term))).toContain('\nname: Rock & Roll\n');
  });
});
