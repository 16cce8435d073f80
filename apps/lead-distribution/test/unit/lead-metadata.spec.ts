import { withFileUrls } from '../../src/leads/lead-metadata.js';

describe('lead metadata file references', () => {
  const urlOf = (key: string) => `https://cdn.example.com/${key}`;

  it('adds a fileUrl beside every fileKey, at any depth and inside arrays', () => {
    const metadata = {
      source: 'landing-7',
      consent: { fileKey: 'leads/consent/a.pdf', signedAt: '2026-11-01' },
      recordings: [{ fileKey: 'leads/rec/1.m4a' }, { note: 'no file' }],
    };
    expect(withFileUrls(metadata, urlOf)).toEqual({
      source: 'landing-7',
      consent: { fileKey: 'leads/consent/a.pdf', signedAt: '2026-11-01', fileUrl: 'https://cdn.example.com/leads/consent/a.pdf' },
      recordings: [{ fileKey: 'leads/rec/1.m4a', fileUrl: 'https://cdn.example.com/leads/rec/1.m4a' }, { note: 'no file' }],
    });
  });

  it('leaves metadata without file references as it is', () => {
    expect(withFileUrls({ a: 1, b: [1, 'x', null] }, urlOf)).toEqual({ a: 1, b: [1, 'x', null] });
  });
});
