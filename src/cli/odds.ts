import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import type { Policy } from '../game/policies.ts';
import { SetupError } from '../game/setup-board.ts';
import { cardListsBattle, cardListsScenario, isCardListsFile, oddsPoolCards } from '../odds/card-lists.ts';
import { OddsError, type OddsScenario, oddsScenario, policyNamed } from '../odds/odds.ts';
import { parallelBattleOdds } from '../odds/parallel.ts';
import { oddsInText } from '../odds/report.ts';
import { EXIT } from './exit.ts';

/**
 * `stccg odds SETUP.json --battles N [--seed S] [--attack JSON] [--policy PLAYER=POLICY ...] [--workers W] [--json]`:
 * plays the set-up attack N times from independent seeds, on W worker threads (default: every core,
 * one per 50,000 battles; the report is the same), and prints the odds with their 95% confidence
 * intervals. SETUP.json is a setup, `{ "setup", "attack", "policies" }`, or two lists of card names
 * from the card pool, `{ "place", "attackers", "defenders", "policies" }` (src/odds/card-lists.ts); the
 * options override the file's attack and policies. A progress bar shows on a terminal.
 */

export interface OddsCommandOptions {
  readonly battles: number;
  readonly seed: number;
  readonly attack?: string;
  readonly policy: readonly string[];
  readonly json?: boolean;
  /** Worker threads to play on (default: every core, one per 50,000 battles); the same report whatever the number. */
  readonly workers?: number;
}

/**
 * The odds are thousands of short battles, each a few actors that live about a millisecond. V8's
 * allocation-site pretenuring takes some of their objects for long-lived and allocates them in the old
 * generation, where each young object they reach survives the minor collections until a full one: about
 * 340 MB promoted per 5,000 battles of the boarding party, and a fifth to a third of the time. This
 * process plays nothing but the odds, so it turns pretenuring off for itself, worker threads included
 * (a V8 flag is the whole process's: the library never sets one; see docs/odds.md).
 */
function playsManyShortBattles(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

function wholeNumber(value: string): number {
  const number = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError('a whole number');
  }
  return number;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function register(program: Command): void {
  program
    .command('odds')
    .description('play a battle many times from independent seeds: the chances of each outcome, with 95% CIs')
    .argument(
      '<setup>',
      'a setup (JSON), { "setup", "attack", "policies" }, or card lists { "place", "attackers", "defenders" }',
    )
    .option('--battles <n>', 'how many battles to play', wholeNumber, 1000)
    .option('--seed <n>', 'the base seed (the same seed gives the same report)', wholeNumber, 1)
    .option('--attack <json>', "the attack command (default: the file's, else the setup's only attack)")
    .option('--policy <player=policy>', 'how a player answers: strongest or pass (repeatable)', collect, [])
    .option(
      '--workers <n>',
      'worker threads to play on (default: every core, one per 50,000 battles; same report)',
      wholeNumber,
    )
    .option('--json', 'print the report as JSON')
    .action(async (file: string, options: OddsCommandOptions) => {
      playsManyShortBattles();
      process.exitCode = await odds(file, options, {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
        progressBar: process.stdout.isTTY === true,
      });
    });
}

export interface OddsOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Show a progress bar (on stderr): only on a terminal. */
  readonly progressBar: boolean;
}

function policiesFrom(specs: readonly string[]): Record<string, Policy> {
  const policies: Record<string, Policy> = {};
  for (const spec of specs) {
    const [player, name, ...rest] = spec.split('=');
    if (!player || name === undefined || rest.length > 0) {
      throw new OddsError(`--policy takes PLAYER=POLICY (for example alice=strongest), not "${spec}"`);
    }
    policies[player] = policyNamed(name);
  }
  return policies;
}

function parseAttack(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new OddsError(`--attack is not JSON: ${(error as Error).message}`);
  }
}

/** An odds file's setup, attack, policies and the pool cards it names (`pool`, or card lists). */
async function scenarioOf(content: unknown): Promise<OddsScenario & { readonly cards: readonly unknown[] }> {
  if (!isCardListsFile(content)) {
    const scenario = oddsScenario(content);
    return { ...scenario, cards: await oddsPoolCards(scenario.pool) };
  }
  const { lists, policies } = cardListsScenario(content);
  const battle = await cardListsBattle(lists);
  return {
    setup: battle.setup,
    attack: battle.attack,
    cards: battle.cards,
    ...(policies !== undefined ? { policies } : {}),
  };
}

/**
 * Runs the odds for a file; returns the exit code: 0, or 2 when the file cannot be read or the odds
 * cannot be played as given (a refused setup, attack or policy). Odds are a measurement, not a check:
 * they never exit 1.
 */
export async function odds(file: string, options: OddsCommandOptions, output: OddsOutput): Promise<number> {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    output.err(`stccg odds: ${file}: cannot read a JSON file: ${(error as Error).message}`);
    return EXIT.badInput;
  }
  const bar = output.progressBar
    ? new SingleBar({
        format: 'battles {bar} {value}/{total} ({percentage}%) {eta_formatted} left',
        stream: process.stderr,
        clearOnComplete: true,
        hideCursor: true,
      })
    : null;
  try {
    const scenario = await scenarioOf(content);
    const policies = { ...scenario.policies, ...policiesFrom(options.policy) };
    const attack = options.attack !== undefined ? parseAttack(options.attack) : scenario.attack;
    bar?.start(options.battles, 0);
    const report = await parallelBattleOdds(scenario.setup, {
      battles: options.battles,
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      seed: options.seed,
      policies,
      ...(scenario.cards.length > 0 ? { cards: scenario.cards } : {}),
      ...(attack !== undefined ? { attack } : {}),
      ...(bar ? { onProgress: (done: number) => bar.update(done) } : {}),
    });
    bar?.stop();
    if (options.json) output.out(JSON.stringify(report, null, 2));
    else for (const line of oddsInText(report)) output.out(line);
    return EXIT.ok;
  } catch (error) {
    bar?.stop();
    if (error instanceof OddsError || error instanceof SetupError) {
      output.err(`stccg odds: ${file}: ${error.message}`);
      return EXIT.badInput;
    }
    throw error;
  }
}
