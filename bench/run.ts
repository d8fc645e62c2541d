import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BattleResult, measureBattle, warmUp } from './battle.ts';
import { measureCommands } from './commands.ts';
import { measureFloor } from './floor.ts';
import { growthOf } from './growth.ts';
import { type Budget, FULL_BUDGET, QUICK_BUDGET } from './harness.ts';
import { measureMemory } from './memory.ts';
import { machineLine, markdownTable, rowsOf, thisMachine } from './report.ts';
import { measureSave } from './save.ts';

/**
 * `npm run bench`: every figure measured side by side in one process, so the floor (XState alone)
 * and the engine see the same machine in the same state. Prints the table and writes it as JSON to
 * bench/results.json. `--quick` runs each task briefly (a smoke run; its figures are rough).
 */

const quick = process.argv.includes('--quick');
const budget: Budget = quick ? QUICK_BUDGET : FULL_BUDGET;
const GROWTH_SIZES = [5, 10, 20, 40] as const;

const progress = (what: string) => process.stderr.write(`bench: ${what}\n`);
const started = performance.now();
const machine = thisMachine();

// Every size of battle, untimed, before anything is timed: otherwise whichever task ran first would
// also pay for compiling the engine's hot paths.
progress('warming up');
warmUp(quick ? 1 : 5, GROWTH_SIZES);

progress('floor (a trivial three-state machine)');
const floor = await measureFloor(budget);
progress('10-against-10 battle');
const battle = await measureBattle(10, budget);
progress('single commands');
const commands = await measureCommands(budget);
progress('save and restore in mid-battle');
const save = await measureSave(budget);
const battles: BattleResult[] = [];
for (const perSide of GROWTH_SIZES) {
  progress(`growth: ${perSide} a side`);
  battles.push(perSide === battle.perSide ? battle : await measureBattle(perSide, budget));
}
const growth = growthOf(battles);
progress('memory (1,000 idle games)');
const memory = measureMemory(quick ? 200 : 1000);

const rows = rowsOf({ floor, battle, commands, memory, save, growth });
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`\n${markdownTable(rows)}\n\n${machineLine(machine)}; ${seconds.toFixed(0)} s\n`);

const results = {
  date: new Date().toISOString(),
  machine,
  quick,
  seconds,
  rows,
  details: { floor, battle, commands, memory, save, growth },
};
const path = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
progress(`written to ${path}`);
