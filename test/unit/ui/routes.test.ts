import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRoute, parseHash, ROUTE_NAMES, sectionOf } from '../../../src/ui/popup/routes';

describe('popup hash routes', () => {
  it('reads the routes the popup knows', () => {
    expect(parseHash('#/quote')).toEqual({ name: 'quote', id: null, params: {} });
    expect(parseHash('#/activity/cosmoshub-4%3AABCDEF')).toEqual({ name: 'activity', id: 'cosmoshub-4:ABCDEF', params: {} });
    expect(parseHash('#/submit?chain=osmosis-1&mode=track')).toEqual({ name: 'submit', id: null, params: { chain: 'osmosis-1', mode: 'track' } });
  });

  it('refuses anything else, so the caller falls back to a default', () => {
    for (const hash of ['', '#', '#quote', '#/nope', '#/activity/%E0%A4%A', 'quote']) expect(parseHash(hash)).toBeNull();
  });

  it('the notification link the background builds opens the activity detail', () => {
    const id = 'cosmoshub-4:58543CE0B47DF8F62B1E81D3E453B277916875D1A3553CDD29159EB326E2F573';
    // background/notifications.ts: popup.html#/activity/<encodeURIComponent(id)>
    expect(parseHash(`#/activity/${encodeURIComponent(id)}`)).toMatchObject({ name: 'activity', id });
  });

  it('format and parse are inverse for any id and params', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTE_NAMES),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string()),
        (name, id, params) => {
          expect(parseHash(formatRoute({ name, id, params }))).toEqual({ name, id, params: { ...params } });
        },
      ),
    );
  });

  it('quote, route preview and build are one tab', () => {
    expect([sectionOf('quote'), sectionOf('route'), sectionOf('build')]).toEqual(['transfer', 'transfer', 'transfer']);
    expect(sectionOf('activity')).toBe('activity');
  });
});
