import { measureBotStrength } from './bot.ts';
import type { Opponent } from './bot-games.ts';
import { measureFork } from './fork.ts';
import { FULL_BUDGET, QUICK_BUDGET } from './harness.ts';

/**
 * The bot's measures alone (issues 26 and 30): `node --import tsx bench/bot-main.ts [--quick]
 * [--games N] [--budget MS] [--turns N] [--against random,greedy,baseline,self] [--self-budget MS]
 * [--workers N] [--positions-seed S]`: the fork's time at the boarding party's size, then the bot's strength against each
 * opponent, its calibration and its decisions' time. `npm run bench` runs them among the others.
 */

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const budget = quick ? QUICK_BUDGET : FULL_BUDGET;
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagValue = (name: string) => (flag(name) === undefined ? undefined : Number(flag(name)));
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

const fork = measureFork(budget);
process.stdout.write(
  `fork at the boarding party's size (${fork.cards} cards, mid-battle): ${fork.boardingParty.ms.median.toFixed(4)} ms, ${fork.boardingParty.floorEvents.median.toFixed(1)} floor events (q1–q3 ${fork.boardingParty.ms.q1.toFixed(4)}–${fork.boardingParty.ms.q3.toFixed(4)} ms; goal ≤ 0.1 ms); 10 against 10: ${fork.battle10.ms.median.toFixed(4)} ms\n`,
);

const games = flagValue('--games');
const budgetMs = flagValue('--budget');
const turns = flagValue('--turns');
const workers = flagValue('--workers');
const selfBudgetMs = flagValue('--self-budget');
const positionsSeed = flagValue('--positions-seed');
const opponents = flag('--against')?.split(',') as Opponent[] | undefined;
const strength = await measureBotStrength(budget, {
  ...(games ? { games } : {}),
  ...(budgetMs ? { budgetMs } : {}),
  ...(turns ? { turns } : {}),
  ...(workers ? { workers } : {}),
  ...(selfBudgetMs ? { selfBudgetMs } : {}),
  ...(opponents ? { opponents } : {}),
  ...(positionsSeed !== undefined ? { positionsSeed } : {}),
  onProgress: (done, total) => {
    if (done % 50 === 0 || done === total) process.stderr.write(`bot: ${done}/${total} games\n`);
  },
});
for (const m of strength.matchups) {
  process.stdout.write(
    `against ${m.opponent}${m.opponent === 'self' || m.opponent === 'baseline' ? ` at ${m.opponentBudgetMs} ms` : ''} (the bot at ${m.budgetMs} ms): ${m.wins} won, ${m.losses} lost, ${m.draws} drawn of ${m.games}; win rate ${percent(m.winRate.value)} (95% ${percent(m.winRate.low)}–${percent(m.winRate.high)}; goal ≥ ${percent(m.goal)}: ${m.met ? 'met' : 'MISSED'}); mean score ${m.meanScore.toFixed(2)}\n`,
  );
}
for (const m of strength.matchups) {
  process.stdout.write(
    `lost against ${m.opponent}: ${m.lostWhere.map(([where, games]) => `${where} ${games}`).join(', ')}\n`,
  );
}
for (const b of strength.calibration) {
  process.stdout.write(
    `claimed ${b.low}–${b.low === 90 ? 100 : b.low + 10}%: ${b.claims} claims, mean claim ${percent(b.claimed)}, battles won ${percent(b.observed)} (95% ${percent(b.interval.low)}–${percent(b.interval.high)}); off by ${(100 * Math.abs(b.observed - b.claimed)).toFixed(1)} points\n`,
  );
}
const { timing } = strength;
process.stdout.write(
  `illegal choices: ${strength.illegal}; ${strength.decisions} decisions searched; ${strength.positions} positions, ${strength.turns} turns a game; turns ended by the cap: ${strength.forcedTurnEnds}; ${strength.workers} workers, ${strength.seconds.toFixed(0)} s\n` +
    `decision time (${timing.decisions} decisions of ${timing.games} games on this thread alone): median ${timing.ms.median.toFixed(1)} ms (q1–q3 ${timing.ms.q1.toFixed(1)}–${timing.ms.q3.toFixed(1)}, p95 ${timing.p95.toFixed(1)}, max ${timing.ms.max.toFixed(0)}; ${percent(timing.overBudget)} over ${strength.budgetMs} ms); CPU median ${timing.cpuMs.median.toFixed(1)} ms (max ${timing.cpuMs.max.toFixed(0)})\n`,
);
