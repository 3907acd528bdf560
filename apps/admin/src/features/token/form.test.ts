import { describe, expect, it } from 'vitest';
import { tokenSettings } from './fixture';
import {
  changedBody,
  changedSections,
  emptyRound,
  fromLocalInput,
  moveRow,
  pruneErrors,
  readableErrors,
  serverErrors,
  toForm,
  toLocalInput,
} from './form';

/** A 422 as the server answers it: the sentences, and the field of those that have one. */
function refusal(list: [string, string | null][]) {
  return {
    isAxiosError: true,
    response: {
      status: 422,
      data: {
        status: false,
        message: list.map(([m]) => m),
        data: null,
        errors: list.filter(([, f]) => f).map(([message, field]) => ({ field, message })),
      },
    },
  };
}

describe('token settings form model', () => {
  it('sends nothing when nothing changed, and only the changed top-level keys otherwise', () => {
    const loaded = toForm(tokenSettings());
    expect(changedBody(loaded, toForm(tokenSettings()))).toEqual({});

    const edited = { ...loaded, price: '12.5', limits: { ...loaded.limits, maxOrder: '50000' } };
    expect(changedBody(loaded, edited)).toEqual({
      price: 12.5,
      // An object given is replaced whole: every limit goes, the empty ones as null.
      limits: { minOrder: 100, maxOrder: 50000, maxPerBuyer: null, kycRequiredAbove: null, kycNameMatchMin: 80 },
    });
    expect(changedSections(changedBody(loaded, edited))).toEqual(['Price and fees', 'Limits']);
  });

  it('orders rounds by position and sends the full list with positions from the table order', () => {
    const loaded = toForm(tokenSettings());
    expect(loaded.rounds.map((r) => r.name)).toEqual(['Seed', 'Public']);
    const added = { ...emptyRound(), name: 'Final', price: '15', allocation: '100000' };
    const edited = { ...loaded, rounds: moveRow([...loaded.rounds, added], 2, -1) };
    expect(changedBody(loaded, edited)).toEqual({
      rounds: [
        { id: 'r-1', position: 1, name: 'Seed', price: 8, allocation: 200000, startsAt: null, endsAt: null, mode: 'FCFS' },
        { position: 2, name: 'Final', price: 15, allocation: 100000, startsAt: null, endsAt: null, mode: 'FCFS' },
        { id: 'r-2', position: 3, name: 'Public', price: 12, allocation: 500000, startsAt: null, endsAt: null, mode: 'FCFS' },
      ],
    });
    // Removing every round sends an empty list (the token's price applies again).
    expect(changedBody(loaded, { ...loaded, rounds: [] })).toEqual({ rounds: [] });
  });

  it('sends a whole branding object with empty lines and empty social rows dropped', () => {
    const loaded = toForm(tokenSettings());
    const b = loaded.branding;
    const edited = {
      ...loaded,
      branding: {
        ...b,
        title: '  New title ',
        tokenDistribution: [...b.tokenDistribution, '  '],
        socialLinks: [...b.socialLinks, { key: 'x', mediaName: '', link: '' }],
      },
    };
    expect(changedBody(loaded, edited)).toEqual({
      branding: {
        title: 'New title',
        iconUrl: 'https://cdn.example/icon.png',
        headerLogo: '',
        defaultLogo: '',
        chartImg: '',
        footerNote: 'Footer',
        metaData: { title: 'Demo', description: 'A demo sale', keywords: 'demo,token' },
        tokenDistribution: ['51.3% Public Cell', '28.6% Referral Programme'],
        socialLinks: [{ mediaName: 'telegram', link: 'https://t.me/demo' }],
      },
    });
  });

  it('round-trips the sale window through the local datetime input', () => {
    const iso = '2026-12-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    const loaded = toForm(tokenSettings({ sale: { startsAt: iso, endsAt: null, paused: false, status: 'SCHEDULED' } }));
    const edited = { ...loaded, sale: { ...loaded.sale, paused: true } };
    expect(changedBody(loaded, edited)).toEqual({ sale: { startsAt: iso, endsAt: null, paused: true } });
  });

  it('stops unreadable numbers and missing names before sending', () => {
    const f = toForm(tokenSettings());
    const bad = {
      ...f,
      price: 'ten',
      supply: { ...f.supply, totalSupply: '1.5' },
      limits: { ...f.limits, maxOrder: '5,000' },
      rounds: [...f.rounds, { ...emptyRound(), price: '9' }],
      branding: { ...f.branding, title: ' ', socialLinks: [{ key: 's', mediaName: '', link: 'https://x.test' }] },
    };
    expect(readableErrors(bad)).toEqual({
      price: ['Price must be a number, like 12 or 12.50.'],
      'supply.totalSupply': ['Total supply must be a whole number of at least 0.'],
      'limits.maxOrder': ['Maximum order must be a number, like 12 or 12.50.'],
      'rounds.2.name': ['Round 3: name is required.'],
      'rounds.2.allocation': ['Round 3: allocation is required.'],
      'branding.title': ['Title is required.'],
      'branding.socialLinks.0.mediaName': ['Social link 1: choose a media.'],
    });
    expect(readableErrors(f)).toEqual({});
  });

  it('puts each sentence of a 422 on the field the answer names, the rest on the form (issue 29 item 5)', () => {
    const err = refusal([
      ['Price must be greater than 0.', 'price'],
      ['Total supply is required.', 'supply.totalSupply'],
      ['Round 2: price must be greater than 0.', 'rounds[1].price'],
      ['Round positions must be distinct.', 'rounds'],
      ['Social link 2: the link must be an https URL.', 'branding.socialLinks[1].link'],
      ['Meta title must not contain control characters.', 'branding.metaData.title'],
      ['Token distribution line 1 must not contain control characters.', 'branding.tokenDistribution[0]'],
      ['Odd.', null],
    ]);
    expect(serverErrors(err)).toEqual({
      price: ['Price must be greater than 0.'],
      'supply.totalSupply': ['Total supply is required.'],
      'rounds.1.price': ['Round 2: price must be greater than 0.'],
      rounds: ['Round positions must be distinct.'],
      'branding.socialLinks.1.link': ['Social link 2: the link must be an https URL.'],
      'branding.metaTitle': ['Meta title must not contain control characters.'],
      form: ['Token distribution line 1 must not contain control characters.', 'Odd.'],
    });
  });

  it('drops the message of a field once that field is edited, keeping the list-wide ones', () => {
    const f = toForm(tokenSettings());
    const errors = serverErrors(
      refusal([
        ['Price must be greater than 0.', 'price'],
        ['Round 2: price must be greater than 0.', 'rounds[1].price'],
        ['Round positions must be distinct.', 'rounds'],
        ['Odd.', null],
      ]),
    );
    const edited = { ...f, rounds: f.rounds.map((r, i) => (i === 1 ? { ...r, price: '13' } : r)) };
    expect(pruneErrors(errors, f, edited)).toEqual({
      price: ['Price must be greater than 0.'],
      rounds: ['Round positions must be distinct.'],
      form: ['Odd.'],
    });
    expect(pruneErrors(errors, f, { ...edited, price: '12' })).toEqual({ rounds: ['Round positions must be distinct.'], form: ['Odd.'] });
  });

  it('moves a row up or down and leaves the list alone past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    const rows = ['a', 'b'];
    expect(moveRow(rows, 0, -1)).toBe(rows);
    expect(moveRow(rows, 1, 1)).toBe(rows);
  });
});

describe('tax section', () => {
  it('sends only the tax object, the GSTIN without spaces in capitals, and names it', () => {
    const loaded = toForm(tokenSettings());
    expect(loaded.tax).toEqual({ gstin: '', legalName: '', address: '', gstRatePercent: '18', invoicesOn: false });
    const edited = { ...loaded, tax: { ...loaded.tax, gstin: ' 27aapfu0939f1zv', legalName: 'Acme Pvt Ltd ' } };
    const body = changedBody(loaded, edited);
    expect(body).toEqual({ tax: { gstin: '27AAPFU0939F1ZV', legalName: 'Acme Pvt Ltd', address: '', gstRatePercent: 18 } });
    expect(changedSections(body)).toEqual(['Tax invoices']);
  });
  it('asks for the legal name with a GSTIN and a readable rate', () => {
    const f = toForm(tokenSettings());
    const e = readableErrors({ ...f, tax: { ...f.tax, gstin: '27AAPFU0939F1ZV', gstRatePercent: 'x' } });
    expect(e['tax.legalName']).toEqual(['Legal name is required with a GSTIN.']);
    expect(e['tax.gstRatePercent']).toEqual(['GST rate must be a number, like 12 or 12.50.']);
  });
});
