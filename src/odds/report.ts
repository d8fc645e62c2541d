import type { Estimate } from './intervals.ts';
import type { BattleOdds } from './odds.ts';

/** Battle odds as text for the terminal: the outcome, the losses on each side, each personnel's chance. */

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const decimal = (value: number) => value.toFixed(2);

function interval(estimate: Estimate, format: (value: number) => string): string {
  return `${format(estimate.low)} – ${format(estimate.high)}`;
}

/** Columns padded to their widest cell; the first column left-aligned, the figures right-aligned. */
function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('   ')
      .trimEnd(),
  );
}

export function oddsInText(odds: BattleOdds): string[] {
  const policies = Object.entries(odds.policies)
    .map(([player, policy]) => `${player}: ${policy}`)
    .join(', ');
  const lines = [
    `${odds.battles.toLocaleString('en-US')} battles of ${odds.attacker}'s attack on ${odds.defender} (seed ${odds.seed}; policies ${policies})`,
    `attack: ${JSON.stringify(odds.attack)}`,
    '',
    ...columns([
      [`${odds.attacker} (attacking)`, 'chance', '95% CI'],
      ['  wins', percent(odds.outcome.win.value), interval(odds.outcome.win, percent)],
      ['  ties', percent(odds.outcome.tie.value), interval(odds.outcome.tie, percent)],
      ['  loses', percent(odds.outcome.loss.value), interval(odds.outcome.loss, percent)],
    ]),
    '',
    ...columns([
      ['personnel killed in a battle', 'mean', '95% CI'],
      [`  ${odds.attacker}'s`, decimal(odds.killed.attacker.value), interval(odds.killed.attacker, decimal)],
      [`  ${odds.defender}'s`, decimal(odds.killed.defender.value), interval(odds.killed.defender, decimal)],
    ]),
    '',
    ...columns([
      ['survives the battle', 'chance', '95% CI', 'deactivated', '95% CI'],
      ...odds.personnel.map((p) => [
        `  ${p.owner}: ${p.name} [${p.card}]`,
        percent(p.survives.value),
        interval(p.survives, percent),
        p.deactivated ? percent(p.deactivated.value) : '',
        p.deactivated ? interval(p.deactivated, percent) : '',
      ]),
    ]),
  ];
  return lines;
}
