import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeState } from './query-state.ts';

describe('serializeState (the query cache a server-rendered page sends in a <script> element)', () => {
  it('can never end the element, open a comment or break a line, whatever the data holds', () => {
    const json = serializeState({ companyName: '</script><script>alert(1)</script>', note: '<!-- x --> & \u2028\u2029 </SCRIPT >' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('reads back as the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = serializeState(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
