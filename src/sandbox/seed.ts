/**
 * `--seed demo`: a small, believable calendar around the current date, so a newcomer
 * sees something at once. Written through the same code paths as API writes.
 */
import type { RequestContext, Site } from './common/context.js';
import { createEvent } from './events/write.js';
import { createLinked } from './linked/write.js';
import type { Store } from './store/store.js';
import { createTerm } from './terms/write.js';
import { addDays, utcMsToZoned } from '../base/time.js';

const VENUES = [
  {
    venue: 'Riverside Hall',
    address: '12 Water St',
    city: 'Hudson',
    state: 'NY',
    zip: '12534',
    country: 'United States',
    phone: '+1 518 555 0140',
    website: 'https://riverside-hall.example.com',
    description: 'A converted mill on the river, seats 300.',
  },
  { venue: 'The Green Room', address: '48 Bleecker St', city: 'New York', state: 'NY', zip: '10012', country: 'United States', phone: '+1 212 555 0182' },
  {
    venue: 'Maple Park Pavilion',
    address: '1 Park Loop',
    city: 'Kingston',
    state: 'NY',
    zip: '12401',
    country: 'United States',
    show_map: 'true',
    show_map_link: 'true',
  },
  { venue: 'Harbor Library', address: '300 Front St', city: 'Beacon', state: 'NY', zip: '12508', country: 'United States' },
];

const ORGANIZERS = [
  { organizer: 'Valley Arts Council', email: 'hello@valleyarts.example.org', phone: '+1 845 555 0101', website: 'https://valleyarts.example.org' },
  { organizer: 'Hudson Jazz Society', email: 'info@hudsonjazz.example.com' },
  { organizer: 'Friends of Maple Park', email: 'friends@maplepark.example.org', phone: '+1 845 555 0177' },
];

interface Plan {
  title: string;
  day: number;
  start: string;
  end: string;
  venue?: number;
  organizers?: number[];
  categories?: string[];
  tags?: string[];
  cost?: string;
  extra?: Record<string, unknown>;
}

const SERIES: Plan[] = [
  {
    title: 'Jazz on the River',
    day: 3,
    start: '19:30',
    end: '22:00',
    venue: 0,
    organizers: [1],
    categories: ['Jazz'],
    tags: ['Evening'],
    cost: '25',
    extra: { featured: true },
  },
  {
    title: 'Morning Yoga in the Park',
    day: 1,
    start: '07:00',
    end: '08:00',
    venue: 2,
    organizers: [2],
    categories: ['Wellness'],
    tags: ['Outdoors', 'Free'],
    cost: 'Free',
  },
  { title: 'Open Mic Night', day: 5, start: '20:00', end: '23:00', venue: 1, categories: ['Music'], tags: ['Evening'], cost: '5' },
  { title: 'Watercolor Workshop', day: 8, start: '10:00', end: '13:00', venue: 3, organizers: [0], categories: ['Workshops'], tags: ['Family'], cost: '15-30' },
  { title: 'Chamber Music Sunday', day: 12, start: '15:00', end: '17:00', venue: 0, organizers: [0], categories: ['Classical'], cost: '$20' },
  { title: 'Kids Story Hour', day: 6, start: '11:00', end: '12:00', venue: 3, categories: ['Family Fun'], tags: ['Family', 'Free'], cost: 'Free' },
  { title: 'Community Cleanup', day: 10, start: '09:00', end: '12:00', venue: 2, organizers: [2], categories: ['Community'], tags: ['Outdoors'] },
  { title: 'Big Band Dance', day: 20, start: '19:00', end: '23:00', venue: 0, organizers: [1], categories: ['Jazz'], tags: ['Evening'], cost: '30' },
];

function categoryTree(ctx: RequestContext): Map<string, number> {
  const ids = new Map<string, number>();
  const add = (name: string, description: string, parent?: string) =>
    ids.set(name, createTerm(ctx, 'categories', { name, description, ...(parent ? { parent: ids.get(parent) } : {}) }).id);
  add('Music', 'Concerts, gigs and jam sessions');
  add('Jazz', 'Swing, bebop and everything after', 'Music');
  add('Classical', 'Orchestras and chamber music', 'Music');
  add('Wellness', 'Move, breathe, rest');
  add('Workshops', 'Learn something with your hands');
  add('Community', 'Neighbours doing things together');
  add('Family Fun', 'Good for all ages', 'Community');
  return ids;
}

/** Fills an empty store; the clock decides where "the coming months" are. */
export function seedDemo(store: Store, site: Site, now: Date): void {
  const ctx: RequestContext = { store, site, now, language: undefined, user: { id: 1, login: 'admin' } };
  const venues = VENUES.map((venue) => createLinked(ctx, 'venues', venue).id);
  const organizers = ORGANIZERS.map((organizer) => createLinked(ctx, 'organizers', organizer).id);
  const categories = categoryTree(ctx);
  const tags = new Map<string, number>();
  for (const name of ['Outdoors', 'Family', 'Evening', 'Free']) tags.set(name, createTerm(ctx, 'tags', { name }).id);
  const today = utcMsToZoned(now.getTime(), site.timezone).slice(0, 10);
  const make = (plan: Plan, offset: number, suffix = '') => {
    const date = addDays(today, plan.day + offset);
    createEvent(ctx, {
      title: `${plan.title}${suffix}`,
      description: `${plan.title} at ${plan.venue !== undefined ? VENUES[plan.venue].venue : 'a place to be announced'}. All welcome.`,
      excerpt: plan.title,
      start_date: `${date} ${plan.start}:00`,
      end_date: `${date} ${plan.end}:00`,
      ...(plan.venue !== undefined ? { venue: venues[plan.venue] } : {}),
      ...(plan.organizers ? { organizer: plan.organizers.map((index) => organizers[index]) } : {}),
      ...(plan.categories ? { categories: plan.categories.map((name) => categories.get(name)) } : {}),
      ...(plan.tags ? { tags: plan.tags.map((name) => tags.get(name)) } : {}),
      ...(plan.cost ? { cost: plan.cost } : {}),
      ...(offset === 0 ? plan.extra : {}),
    });
  };
  // Each series repeats every few weeks over the next four months.
  for (const plan of SERIES) for (let offset = 0; offset < 120; offset += 28) make(plan, offset);
  createEvent(ctx, {
    title: 'Winter Craft Fair',
    description: 'Two days of local makers, food and music.',
    start_date: addDays(today, 16),
    end_date: addDays(today, 17),
    all_day: true,
    venue: venues[0],
    organizer: [organizers[0]],
    categories: [categories.get('Community')],
    tags: [tags.get('Family')],
    cost: 'Free',
  });
  createEvent(ctx, {
    title: 'Artists Residency Showcase',
    description: 'A week-long open studio.',
    start_date: `${addDays(today, 25)} 10:00:00`,
    end_date: `${addDays(today, 31)} 18:00:00`,
    venue: venues[3],
    categories: [categories.get('Workshops')],
  });
  createEvent(ctx, {
    title: 'Season Planning (draft)',
    status: 'draft',
    start_date: `${addDays(today, 40)} 18:00:00`,
    end_date: `${addDays(today, 40)} 19:00:00`,
  });
  const members = createEvent(ctx, {
    title: 'Members Preview Night',
    description: 'For members only: ask the front desk for the password.',
    start_date: `${addDays(today, 9)} 18:00:00`,
    end_date: `${addDays(today, 9)} 21:00:00`,
    venue: venues[0],
    cost: '10',
  });
  members.password = 'members';
  createEvent(ctx, {
    title: 'Autumn Picnic',
    start_date: `${addDays(today, -30)} 12:00:00`,
    end_date: `${addDays(today, -30)} 15:00:00`,
    venue: venues[2],
    categories: [categories.get('Community')],
  });
  store.changed();
}
