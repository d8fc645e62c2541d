import { useEffect, useId, useRef, useState } from 'react';
import type { BattleOdds, Command } from 'stccg-rules';
import { cardListsBattle } from 'stccg-rules/cards';
import type { OddsMessage, OddsRequest } from '../odds.worker.ts';
import { setupOfPosition } from '../position-setup.ts';
import type { LabSession } from '../session.ts';
import { commandInWords } from '../words.ts';

type Estimate = BattleOdds['outcome']['win'];

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const interval = (e: Estimate, as: (v: number) => string = percent) => `${as(e.low)} – ${as(e.high)}`;

/** Names one a line, blank lines left out. */
const namesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The odds of an attack, played many times in a Web Worker (with a progress bar and a Stop button), both
 * players taking the strongest outcome each time: from the position shown, or between two lists of real
 * cards from the card pool at a place (`stccg-rules/cards`, loaded when first asked).
 */
export function OddsPanel({ session }: { session: LabSession }) {
  const id = useId();
  const game = session.game;
  const turn = game.board().turn.player;
  const attacks = game.battle() ? [] : game.legalCommands(turn).filter((c) => c.type === 'attack');
  const [choice, setChoice] = useState(0);
  const [battles, setBattles] = useState(500);
  const [seed, setSeed] = useState(1);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [odds, setOdds] = useState<BattleOdds | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [place, setPlace] = useState("Qo'noS");
  const [attackers, setAttackers] = useState('Gowron\nKargan\nKlingon Disruptor');
  const [defenders, setDefenders] = useState('Worf\nTasha Yar\nData');
  const worker = useRef<Worker | null>(null);

  const stop = () => {
    worker.current?.terminate();
    worker.current = null;
    setProgress(null);
  };
  // The worker goes with the panel.
  useEffect(() => () => worker.current?.terminate(), []);

  const run = (attack: Command) => {
    stop();
    setOdds(null);
    setProblem(null);
    play({
      setup: setupOfPosition(game, session.origin),
      cards: session.origin.cards,
      attack,
      battles,
      seed,
    });
  };

  // Two lists of card names: an unknown name is refused here, naming the nearest names.
  const runCards = async () => {
    stop();
    setOdds(null);
    setProblem(null);
    try {
      const battle = await cardListsBattle({
        place,
        attackers: namesOf(attackers),
        defenders: namesOf(defenders),
      });
      play({ setup: battle.setup, cards: battle.cards, attack: battle.attack, battles, seed });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const play = (request: OddsRequest) => {
    const started = new Worker(new URL('../odds.worker.ts', import.meta.url), { type: 'module' });
    worker.current = started;
    setProgress({ done: 0, total: battles });
    started.onmessage = (event: MessageEvent<OddsMessage>) => {
      const message = event.data;
      if (message.type === 'progress') setProgress({ done: message.done, total: message.total });
      else {
        if (message.type === 'done') setOdds(message.odds);
        else setProblem(message.message);
        started.terminate();
        if (worker.current === started) worker.current = null;
        setProgress(null);
      }
    };
    started.onerror = (event) => {
      setProblem(event.message || 'the worker failed');
      stop();
    };
    started.postMessage(request);
  };

  const attack = attacks[Math.min(choice, attacks.length - 1)];
  const busy = progress !== null;
  return (
    <section className="panel odds" aria-labelledby={`${id}-title`} data-testid="odds">
      <h2 id={`${id}-title`}>Battle odds</h2>
      <div className="fields">
        <label htmlFor={`${id}-battles`}>battles</label>
        <input
          id={`${id}-battles`}
          type="number"
          min={1}
          max={100000}
          value={battles}
          onChange={(event) => setBattles(Math.max(1, Math.floor(Number(event.target.value) || 1)))}
        />
        <label htmlFor={`${id}-seed`}>seed</label>
        <input
          id={`${id}-seed`}
          type="number"
          min={0}
          value={seed}
          onChange={(event) => setSeed(Math.max(0, Math.floor(Number(event.target.value) || 0)))}
        />
      </div>
      <h3>From this position</h3>
      {attacks.length === 0 ? (
        <p className="muted">
          {game.battle()
            ? 'A battle is running: step back to before the attack.'
            : `${turn} has no attack to make here.`}
        </p>
      ) : (
        <form
          className="fields"
          onSubmit={(event) => {
            event.preventDefault();
            if (attack) run(attack);
          }}
        >
          <label htmlFor={`${id}-attack`}>attack</label>
          <select
            id={`${id}-attack`}
            value={choice}
            onChange={(event) => setChoice(Number(event.target.value))}
          >
            {attacks.map((command, index) => (
              <option key={JSON.stringify(command)} value={index}>
                {turn}: {commandInWords(game, command)}
              </option>
            ))}
          </select>
          <span />
          <span className="buttons">
            <button type="submit" disabled={busy}>
              Play {battles} battles
            </button>
          </span>
        </form>
      )}
      <h3>Real cards from the pool</h3>
      <form
        className="fields"
        data-testid="odds-cards"
        onSubmit={(event) => {
          event.preventDefault();
          void runCards();
        }}
      >
        <label htmlFor={`${id}-place`}>planet</label>
        <input id={`${id}-place`} value={place} onChange={(event) => setPlace(event.target.value)} />
        <label htmlFor={`${id}-attackers`}>alice attacks with</label>
        <textarea
          id={`${id}-attackers`}
          rows={4}
          value={attackers}
          onChange={(event) => setAttackers(event.target.value)}
        />
        <label htmlFor={`${id}-defenders`}>bob defends with</label>
        <textarea
          id={`${id}-defenders`}
          rows={4}
          value={defenders}
          onChange={(event) => setDefenders(event.target.value)}
        />
        <span />
        <span className="buttons">
          <button type="submit" disabled={busy}>
            Odds of these cards
          </button>
          <span className="muted">one card name a line: personnel and equipment</span>
        </span>
      </form>
      {progress && (
        <p>
          <label htmlFor={`${id}-progress`}>
            {progress.done} of {progress.total} battles{' '}
          </label>
          <progress id={`${id}-progress`} max={progress.total} value={progress.done} />{' '}
          <button type="button" onClick={stop}>
            Stop
          </button>
        </p>
      )}
      {problem && <p className="problem">{problem}</p>}
      {odds && <OddsTable odds={odds} />}
    </section>
  );
}

function OddsTable({ odds }: { odds: BattleOdds }) {
  const rows: ReadonlyArray<readonly [string, Estimate]> = [
    ['wins', odds.outcome.win],
    ['ties', odds.outcome.tie],
    ['loses', odds.outcome.loss],
  ];
  const count = (v: number) => v.toFixed(2);
  return (
    <div data-testid="odds-result">
      <table>
        <caption>
          {odds.battles} battles of {odds.attacker}'s attack on {odds.defender} (seed {odds.seed})
        </caption>
        <thead>
          <tr>
            <th scope="col">{odds.attacker} (attacking)</th>
            <th scope="col">chance</th>
            <th scope="col">95% CI</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, estimate]) => (
            <tr key={name} data-outcome={name}>
              <th scope="row">{name}</th>
              <td>{percent(estimate.value)}</td>
              <td>{interval(estimate)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{odds.attacker}'s killed (mean)</th>
            <td>{count(odds.killed.attacker.value)}</td>
            <td>{interval(odds.killed.attacker, count)}</td>
          </tr>
          <tr>
            <th scope="row">{odds.defender}'s killed (mean)</th>
            <td>{count(odds.killed.defender.value)}</td>
            <td>{interval(odds.killed.defender, count)}</td>
          </tr>
        </tbody>
      </table>
      <table>
        <thead>
          <tr>
            <th scope="col">personnel</th>
            <th scope="col">survives</th>
            <th scope="col">deactivated</th>
          </tr>
        </thead>
        <tbody>
          {odds.personnel.map((p) => (
            <tr key={p.card}>
              <th scope="row">
                {p.owner}: {p.name} [{p.card}]
              </th>
              <td>
                {percent(p.survives.value)} <small>({interval(p.survives)})</small>
              </td>
              <td>{p.deactivated ? percent(p.deactivated.value) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
