/** iCalendar date lines of a series, as its tag and its expansion write them. */

export const compact = (wall: string) => wall.replace(/[-:]/g, '').replace(' ', 'T');

/** `DTSTART;TZID=Europe/Paris:20270105T190000`, `DTSTART;VALUE=DATE:20270105` or a UTC time. */
export function icsTime(name: string, wall: string, allDay: boolean, zone: string): string {
  if (allDay) return `${name};VALUE=DATE:${compact(wall.slice(0, 10))}`;
  const time = compact(wall.length === 16 ? `${wall}:00` : wall);
  return zone === 'UTC' ? `${name}:${time}Z` : `${name};TZID=${zone}:${time}`;
}
