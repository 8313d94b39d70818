import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_CATALOGUE, EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES } from '../../src/events/event-catalogue';

const SPEC_EVENT_NAMES = ['campaign_created', 'campaign_updated', 'campaign_media_added', 'content_created', 'content_updated', 'distribution_created', 'distribution_updated'];

describe('the event catalogue', () => {
  it('has the seven subscribable names of spec §6', () => {
    expect(SUBSCRIBABLE_EVENT_TYPES).toEqual(expect.arrayContaining(SPEC_EVENT_NAMES));
  });

  it('keeps ping out of subscriptions', () => {
    expect(SUBSCRIBABLE_EVENT_TYPES).not.toContain('ping');
    expect(EVENT_TYPES).toContain('ping');
  });

  it('is published in docs/webhooks.md, every type with its resource, in catalogue order', () => {
    const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'webhooks.md'), 'utf8');
    const table = docs.slice(docs.indexOf('## Event catalogue'));
    const rows = [...table.matchAll(/^\| `([a-z_]+)` \| ([a-z_]+) \|/gm)].map(([, name, resource]) => [name, resource]);
    expect(rows).toEqual(EVENT_TYPES.map((name) => [name, EVENT_CATALOGUE[name].resource]));
  });
});
