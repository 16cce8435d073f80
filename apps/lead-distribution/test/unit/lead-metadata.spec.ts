import { fileReferencesOf, shownMetadata } from '../../src/leads/lead-metadata.js';

const urlOf = (key: string) => `https://cdn.example.com/${key}`;

describe('lead metadata file references', () => {
  it('adds a fileUrl beside every fileKey, at any depth and inside arrays', () => {
    const metadata = {
      source: 'landing-7',
      consent: { fileKey: 'leads/consent/a.pdf', signedAt: '2026-11-01' },
      recordings: [{ fileKey: 'leads/rec/1.m4a' }, { note: 'no file' }],
    };
    expect(shownMetadata(metadata, urlOf)).toEqual({
      source: 'landing-7',
      consent: { fileKey: 'leads/consent/a.pdf', signedAt: '2026-11-01', fileUrl: 'https://cdn.example.com/leads/consent/a.pdf' },
      recordings: [{ fileKey: 'leads/rec/1.m4a', fileUrl: 'https://cdn.example.com/leads/rec/1.m4a' }, { note: 'no file' }],
    });
  });

  it('leaves metadata without file references as it is', () => {
    expect(shownMetadata({ a: 1, b: [1, 'x', null] }, urlOf)).toEqual({ a: 1, b: [1, 'x', null] });
  });
});

describe('lead metadata is data, not links', () => {
  it('reads every fileKey with its path, at any depth and inside arrays', () => {
    expect(fileReferencesOf({ a: { fileKey: 'lead-files/p/2026/11/x.mp3' }, list: [{ b: { fileKey: 'k/y.pdf' } }] })).toEqual({
      references: [
        { field: 'metadata.a.fileKey', key: 'lead-files/p/2026/11/x.mp3' },
        { field: 'metadata.list.0.b.fileKey', key: 'k/y.pdf' },
      ],
      errors: [],
    });
  });

  it.each([
    ['a fileUrl', { r: { fileUrl: 'https://evil.example/x' } }, 'metadata.r.fileUrl'],
    ['a key with ..', { r: { fileKey: 'lead-files/../as-evidence/1/x.pdf' } }, 'metadata.r.fileKey'],
    ['an absolute key', { r: { fileKey: '/etc/passwd' } }, 'metadata.r.fileKey'],
    ['a key with a backslash', { r: { fileKey: 'a\\..\\b' } }, 'metadata.r.fileKey'],
    ['an empty key', { r: { fileKey: '' } }, 'metadata.r.fileKey'],
    ['a key that is no string', { r: { fileKey: ['a'] } }, 'metadata.r.fileKey'],
  ])('refuses %s, naming its path', (_name, metadata, field) => {
    const { references, errors } = fileReferencesOf(metadata);
    expect(references).toEqual([]);
    expect(errors).toEqual([{ field, message: expect.any(String) }]);
  });

  it('drops a stored fileUrl from what responses show, with or without completion', () => {
    const stored = { r: { fileKey: 'k/a.pdf', fileUrl: 'https://evil.example/x' }, s: [{ fileUrl: 'https://evil.example/y' }] };
    expect(shownMetadata(stored)).toEqual({ r: { fileKey: 'k/a.pdf' }, s: [{}] });
    expect(shownMetadata(stored, urlOf)).toEqual({ r: { fileKey: 'k/a.pdf', fileUrl: 'https://cdn.example.com/k/a.pdf' }, s: [{}] });
  });
});
