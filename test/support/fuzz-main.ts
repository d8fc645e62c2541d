/**
 * `npm run fuzz [-- --games N --inputs N --moves N --forge-every N --seed N]`: the hostile-surface fuzz
 * run at a larger scale than the test suite's (see surface-fuzz.ts). Prints the figures; exits 1 on
 * any breach.
 */
import { parseArgs } from 'node:util';
import { ranSendersCode, runSurfaceFuzz } from './surface-fuzz.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '240' },
    inputs: { type: 'string', default: '40' },
    moves: { type: 'string', default: '12' },
    'forge-every': { type: 'string', default: '2' },
    seed: { type: 'string', default: '11' },
  },
});
const options = {
  games: Number(values.games),
  inputsPerState: Number(values.inputs),
  moves: Number(values.moves),
  forgeEvery: Number(values['forge-every']),
  seed: Number(values.seed),
};
const started = Date.now();
const figures = runSurfaceFuzz(options);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(JSON.stringify({ options, seconds, ranSendersCode: ranSendersCode.count, ...figures }, null, 2));
const breaches =
  figures.throws +
  figures.changedOnRefusal +
  figures.unanswered +
  figures.unserialisable +
  figures.inconsistentRestores +
  ranSendersCode.count;
process.exitCode = breaches === 0 ? 0 : 1;
