import { describe, expect, it } from 'vitest';
import { challengeKey, createSecretBox } from './secret-box';

const KEY = 'a-key-of-at-least-thirty-two-characters-long';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // A new nonce every time: the same secret never seals to the same text.
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('opens nothing sealed under another key, nor a text changed by one character', () => {
    const sealed = createSecretBox(KEY).seal('JBSWY3DPEHPK3PXP');
    expect(createSecretBox(`${KEY}-other`).open(sealed)).toBeNull();
    // A character in the middle: the last one of base64 may carry only padding bits, and changing it can
    // leave the bytes as they were.
    const middle = Math.floor(sealed.length / 2);
    const other = sealed[middle] === 'A' ? 'B' : 'A';
    expect(createSecretBox(KEY).open(sealed.slice(0, middle) + other + sealed.slice(middle + 1))).toBeNull();
    expect(createSecretBox(KEY).open('not sealed')).toBeNull();
  });

  it('hashes with a key: the same value the same way under one key, differently under another', () => {
    expect(createSecretBox(KEY).digest('abcde-fghij')).toBe(createSecretBox(KEY).digest('abcde-fghij'));
    expect(createSecretBox(`${KEY}-other`).digest('abcde-fghij')).not.toBe(createSecretBox(KEY).digest('abcde-fghij'));
    expect(Buffer.from(challengeKey(KEY)).equals(Buffer.from(challengeKey(`${KEY}-other`)))).toBe(false);
  });
});
