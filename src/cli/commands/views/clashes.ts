/** After an event is written: a warning for each event at the same venue whose times overlap it. */
import type { ApiClient } from '../../../core/http/client.js';
import type { Ui } from '../../output/ui.js';
import { EDITOR_STATUSES, resources } from '../../../spec/resources.js';
import { walkPages } from '../../../core/records/pages.js';
import { addDays } from '../../../base/time.js';
import { coveredDays, toCalendarEvent, type CalendarEvent } from '../../../core/views/days.js';
import { findConflicts, overlapText, placesOf } from '../../../core/views/conflicts.js';

export async function warnOfClashes(client: ApiClient, record: Record<string, unknown>, ui: Ui): Promise<void> {
  const zone = typeof record.timezone === 'string' && record.timezone ? record.timezone : 'UTC';
  const event = toCalendarEvent(record, zone);
  const [venue] = placesOf(event, 'venue').keys();
  if (venue === undefined) return;
  const { first, last } = coveredDays(event);
  const query = {
    venue,
    ends_after: `${addDays(first, -1)} 00:00:00`,
    starts_before: `${addDays(last, 1)} 23:59:59`,
    status: client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined,
  };
  const neighbours: CalendarEvent[] = [];
  try {
    await walkPages(client, resources.events, query, { all: true }, (other) => {
      if ((other as { id?: unknown }).id !== event.id) neighbours.push(toCalendarEvent(other as Record<string, unknown>, zone));
    });
  } catch {
    ui.warn('could not look for other events at the same venue at that time');
    return;
  }
  for (const conflict of findConflicts([event, ...neighbours], 'venue', zone)) {
    const other = conflict.first.id === event.id ? conflict.second : conflict.second.id === event.id ? conflict.first : undefined;
    if (other) ui.warn(`clashes with "${other.title}" (#${other.id}) ${conflict.where}: ${overlapText(conflict)} (${zone})`);
  }
}
