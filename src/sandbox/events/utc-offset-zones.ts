/**
 * The zone the real server computes an event's UTC times in when its timezone is a fixed
 * offset label (`UTC+2`): the plugin asks PHP for a zone name with that standard offset
 * (timezone_name_from_abbr), and that zone's daylight saving time applies, so `UTC+2` is
 * Europe/Helsinki and 10:00 in May is 07:00 UTC. The table is PHP's answer for every label
 * WordPress offers that PHP names; other labels stay fixed offsets. The label itself is what
 * the event shows as its timezone.
 */
const PHP_ZONE_OF_OFFSET: Record<string, string> = {
  'UTC-11': 'Pacific/Apia',
  'UTC-10.5': 'Pacific/Honolulu',
  'UTC-10': 'Pacific/Honolulu',
  'UTC-9': 'America/Anchorage',
  'UTC-8': 'America/Los_Angeles',
  'UTC-7': 'America/Denver',
  'UTC-6': 'America/Chicago',
  'UTC-5': 'America/New_York',
  'UTC-4.5': 'America/Caracas',
  'UTC-4': 'America/Halifax',
  'UTC-3.5': 'America/St_Johns',
  'UTC-3': 'America/Sao_Paulo',
  'UTC-1': 'Atlantic/Azores',
  'UTC+0': 'Europe/London',
  'UTC+1': 'Europe/Paris',
  'UTC+1.5': 'Africa/Johannesburg',
  'UTC+2': 'Europe/Helsinki',
  'UTC+3': 'Europe/Moscow',
  'UTC+4': 'Asia/Dubai',
  'UTC+5': 'Asia/Karachi',
  'UTC+5.5': 'Asia/Kolkata',
  'UTC+5.75': 'Asia/Katmandu',
  'UTC+7': 'Asia/Krasnoyarsk',
  'UTC+8': 'Asia/Shanghai',
  'UTC+8.5': 'Asia/Hong_Kong',
  'UTC+9': 'Asia/Tokyo',
  'UTC+9.5': 'Australia/Adelaide',
  'UTC+10': 'Australia/Melbourne',
  'UTC+11.5': 'Pacific/Auckland',
  'UTC+12': 'Pacific/Auckland',
};

/** The zone to convert an event's wall-clock times in. */
export function conversionZone(zone: string): string {
  return PHP_ZONE_OF_OFFSET[zone] ?? zone;
}
