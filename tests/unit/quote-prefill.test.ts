// What a link into the quote wizard fills in (src/islands/quote/prefill.ts): the service, a ZIP
// code and the contractor asked from its profile; a kept draft keeps everything the link does not
// name, and one already sent (waiting for its code) is never changed.
import { describe, expect, it } from 'vitest';
import { askProHref, quoteHrefFor } from '../../src/domain/chosen-pro.ts';
import { EMPTY_DRAFT, type SavedDraft } from '../../src/islands/quote/draft.ts';
import { applyLink, readLink } from '../../src/islands/quote/prefill.ts';

const services = [{ slug: 'plumbing' }, { slug: 'roofing' }];
const fresh = (): SavedDraft => ({ step: 1, draft: { ...EMPTY_DRAFT }, requestKey: 'k' });

describe('readLink', () => {
  it.each([
    ['?service=plumbing&zip=45377&contractor=buckeye-plumbing', 'plumbing', '45377', 'buckeye-plumbing'],
    ['?service=alchemy&zip=4537&contractor=<b>', null, null, null],
    [`?contractor=${'a'.repeat(121)}`, null, null, null],
    ['', null, null, null],
  ])('%s', (search, service, zip, contractor) => {
    expect(readLink(search, services)).toEqual({ service, zip, contractor });
  });
});

describe('applyLink', () => {
  it('a profile link on a fresh draft: the service chosen, on to the details, the contractor fetched', () => {
    const { saved, fetchContractor } = applyLink(fresh(), {
      service: 'plumbing',
      zip: null,
      contractor: 'buckeye-plumbing',
    });
    expect(saved.step).toBe(2);
    expect(saved.draft.service).toBe('plumbing');
    expect(fetchContractor).toBe('buckeye-plumbing');
  });

  it('over a kept draft: replaces what it names, keeps what was typed', () => {
    const kept: SavedDraft = {
      step: 4,
      draft: { ...EMPTY_DRAFT, service: 'roofing', description: 'Shingles are missing.', zipCode: '45429' },
      requestKey: 'k',
    };
    const { saved } = applyLink(kept, { service: 'plumbing', zip: '45377', contractor: null });
    expect(saved.step).toBe(2);
    expect(saved.draft).toMatchObject({
      service: 'plumbing',
      description: 'Shingles are missing.',
      zipCode: '45429',
    });
    // The same service keeps the step.
    expect(applyLink(kept, { service: 'roofing', zip: null, contractor: null }).saved.step).toBe(4);
    // An empty ZIP field takes the link's.
    expect(applyLink(fresh(), { service: null, zip: '45377', contractor: null }).saved.draft.zipCode).toBe(
      '45377',
    );
  });

  it('keeps the contractor already chosen, and replaces another one', () => {
    const chosen = { slug: 'buckeye-plumbing', name: 'Buckeye Plumbing', services: ['plumbing'] };
    const kept: SavedDraft = { ...fresh(), draft: { ...EMPTY_DRAFT, contractor: chosen } };
    const same = applyLink(kept, { service: null, zip: null, contractor: 'buckeye-plumbing' });
    expect(same.fetchContractor).toBeNull();
    expect(same.saved.draft.contractor).toEqual(chosen);
    const other = applyLink(kept, { service: null, zip: null, contractor: 'miami-valley-pipes' });
    expect(other.fetchContractor).toBe('miami-valley-pipes');
    expect(other.saved.draft.contractor).toBeNull();
  });

  it('never changes a request already sent and waiting for its code', () => {
    const kept: SavedDraft = { ...fresh(), step: 6, codeStep: { code: null } };
    const { saved, fetchContractor } = applyLink(kept, {
      service: 'plumbing',
      zip: '45377',
      contractor: 'x',
    });
    expect(saved).toBe(kept);
    expect(fetchContractor).toBeNull();
  });
});

describe('the links', () => {
  it('a profile asks its contractor with its main service; a city page carries a single ZIP only', () => {
    expect(askProHref('buckeye-plumbing', 'plumbing')).toBe(
      '/quote-request?contractor=buckeye-plumbing&service=plumbing',
    );
    expect(askProHref('odd-jobs', null)).toBe('/quote-request?contractor=odd-jobs');
    expect(quoteHrefFor('plumbing', { zipCodes: ['45377'] })).toBe(
      '/quote-request?service=plumbing&zip=45377',
    );
    expect(quoteHrefFor('plumbing', { zipCodes: ['45409', '45429'] })).toBe(
      '/quote-request?service=plumbing',
    );
  });
});
