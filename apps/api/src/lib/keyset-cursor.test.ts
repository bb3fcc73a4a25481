import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, nextCursorOf } from './keyset-cursor';

describe('keyset cursor', () => {
  it('round-trips a timestamp or a number with the id', () => {
    const at = '2026-12-03T07:00:00.123Z';
    expect(decodeCursor(encodeCursor({ value: at, id: 42 }))).toEqual({ value: at, id: 42 });
    expect(decodeCursor(encodeCursor({ value: 7.5, id: 1 }))).toEqual({ value: 7.5, id: 1 });
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it('refuses a forged cursor with a 400, never a crash', () => {
    const forged = [
      'not base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('["x",-1]').toString('base64url'),
      Buffer.from('["x",1.5]').toString('base64url'),
      Buffer.from('[{"$gt":1},1]').toString('base64url'),
      'A'.repeat(201),
    ];
    for (const cursor of forged) {
      expect(() => decodeCursor(cursor), cursor).toThrow(
        expect.objectContaining({ statusCode: 400, code: 'VALIDATION_FAILED' }),
      );
    }
  });

  it('gives a next cursor only when one row more than the page came back', () => {
    const rows = [1, 2, 3].map((id) => ({ id, at: `t${id}` }));
    const keyset = (r: { id: number; at: string }) => ({ value: r.at, id: r.id });
    expect(nextCursorOf(rows, 3, keyset)).toEqual({ rows, nextCursor: null });
    const { rows: page, nextCursor } = nextCursorOf(rows, 2, keyset);
    expect(page.map((r) => r.id)).toEqual([1, 2]);
    expect(decodeCursor(nextCursor!)).toEqual({ value: 't2', id: 2 });
  });
});
