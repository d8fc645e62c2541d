import { describe, expect, it } from 'vitest';
import { runDemo } from '../src/demo/demo.ts';

describe('the demo (npm start)', () => {
  it('narrates the hologram story and a battle, each line with its clause', () => {
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
      'BATTLE-1: alice attacks with Data [data], The Doctor [doctor], Starfleet Ensign [ensign]',
      "BATTLE-2: D'k Tahg [tahg] reports to the just-initiated battle",
      'BATTLE-3: combat piles of 3 and 3 cards',
      'BATTLE-4: pairing 1:',
      'BATTLE-5: total remaining STRENGTH',
      'BATTLE-6: the battle is over',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
