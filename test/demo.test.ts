import { describe, expect, it } from 'vitest';
import { runDemo } from '../src/demo/demo.ts';

describe('the demo (npm start)', () => {
  it('narrates the hologram story, each line with its clause', () => {
    const lines: string[] = [];
    runDemo((line) => lines.push(line));
    const text = lines.join('\n');
    for (const expected of [
      'HOLO-ACT-1: The Doctor [doctor] is deactivated when reported',
      'HOLO-ACT-2: Data [data] activates The Doctor [doctor]',
      'refused: HOLO-EXIST-1',
      'HOLO-EMIT-1: The Doctor [doctor] wears Mobile Holo-Emitter',
      'HOLO-DEATH-1: E.M.H. Program [emh] is deactivated',
      'refused: HOLO-ACT-3',
      'HOLO-EMIT-2: The Doctor [doctor] is erased',
      'HOLO-ACT-3: Data [data] reactivates E.M.H. Program [emh]',
      'The Doctor [doctor]: erased',
      'E.M.H. Program [emh]: active',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
