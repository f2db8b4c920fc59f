// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { relativeTime, resumePath } from '../src/features/draft/draft-list-page.tsx';

describe('Saved drafts', () => {
  it('resumes a draft at its form route with ?draft=<id>', () => {
    expect(
      resumePath({
        id: '7d0f5a4e-1111-4222-8333-444455556666',
        route: '/purchase-order/purchase-order/PRIOR_ORDER_PO/new',
      }),
    ).toBe('/purchase-order/purchase-order/PRIOR_ORDER_PO/new?draft=7d0f5a4e-1111-4222-8333-444455556666');
  });

  it('says how long ago a draft was saved, in the reader language', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(relativeTime('2026-11-28T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-27T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-11-28T11:59:58Z', 'de', now)).toBe('vor 2 Sekunden');
    expect(relativeTime('2026-11-14T12:00:00Z', 'es', now)).toBe('hace 2 semanas');
  });
});
