import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BattleOdds } from 'stccg-rules';
import { cardListsBattle } from 'stccg-rules/cards';
import type { OddsMessage, OddsRequest, OddsRun } from '../odds.worker.ts';
import { setupOfPosition } from '../position-setup.ts';
import type { LabSession } from '../session.ts';
import { commandInWords } from '../words.ts';

type Estimate = BattleOdds['outcome']['win'];

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const interval = (e: Estimate, as: (v: number) => string = percent) => `${as(e.low)} – ${as(e.high)}`;
const whole = (n: number) => n.toLocaleString('en-US');

/** Names one a line, blank lines left out. */
const namesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const DEFAULT_BATTLES = 10_000;
/** Edits come in bursts (a number typed digit by digit, commands stepped through): the odds wait for a pause. */
const DEBOUNCE_MS = 100;
/** A progress bar on a shorter run would only flash. */
const LONG_RUN_MS = 300;

/** A battle to play without its count and seed: the attack from the position shown, or between card lists. */
type Battle = Omit<OddsRequest, 'battles' | 'seed'>;

/** The odds on show, with the request they answer (as its key) and how long the worker took. */
interface Shown {
  readonly key: string;
  readonly odds: BattleOdds;
  readonly ms: number;
}

interface Running {
  readonly key: string;
  readonly done: number;
  readonly total: number;
  /** Whether it has run long enough to show its progress. */
  readonly long: boolean;
}

const newWorker = () => new Worker(new URL('../odds.worker.ts', import.meta.url), { type: 'module' });

/**
 * One odds worker kept between runs, started with the panel: a fresh worker loads the engine's module
 * again and plays its first battles before the browser has compiled them. Cancelling a run terminates
 * the worker and starts its replacement loading at once, while the next edit's pause runs.
 */
function useWarmWorker() {
  const worker = useRef<Worker | null>(null);
  const replace = useCallback(() => {
    worker.current?.terminate();
    const started = newWorker();
    // A worker that failed while idle (its module not loaded) would never answer the next run.
    started.addEventListener('error', () => {
      started.terminate();
      if (worker.current === started) worker.current = null;
    });
    worker.current = started;
    return started;
  }, []);
  useEffect(() => {
    replace();
    return () => {
      worker.current?.terminate();
      worker.current = null;
    };
  }, [replace]);
  // One object for the panel's life: the live effect depends on it, and must not run again each render.
  return useMemo(() => ({ current: () => worker.current ?? replace(), replace }), [replace]);
}

/**
 * Whether an element is laid out: a tab not chosen is `hidden`, and odds nobody sees are not worth a
 * core's time (they are played when the tab is shown).
 */
function useLaidOut(element: RefObject<HTMLElement | null>) {
  const [laidOut, setLaidOut] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => setLaidOut((entry?.contentRect.width ?? 0) > 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return laidOut;
}

/**
 * The odds of an attack, played many times in a Web Worker, both players taking the strongest outcome
 * each time: from the position shown, played again by themselves whenever the position, the attack, the
 * battles or the seed change (the run in flight cancelled), or between two lists of real cards from the
 * card pool at a place (`stccg-rules/cards`, loaded when first asked).
 */
export function OddsPanel({ session }: { session: LabSession }) {
  const id = useId();
  const game = session.game;
  const turn = game.board().turn.player;
  const attacks = game.battle() ? [] : game.legalCommands(turn).filter((c) => c.type === 'attack');
  const [choice, setChoice] = useState(0);
  const [battles, setBattles] = useState(DEFAULT_BATTLES);
  const [seed, setSeed] = useState(1);
  const [running, setRunning] = useState<Running | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [place, setPlace] = useState("Qo'noS");
  const [attackers, setAttackers] = useState('Gowron\nKargan\nKlingon Disruptor');
  const [defenders, setDefenders] = useState('Worf\nTasha Yar\nData');
  // The card lists' battle, and the position it was asked from: an edit of the position ends it.
  const [listed, setListed] = useState<{ battle: Battle; from: string } | null>(null);
  const section = useRef<HTMLElement>(null);
  const visible = useLaidOut(section);
  const worker = useWarmWorker();
  const flight = useRef<{ key: string; run: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const runs = useRef(0);

  // The position as a setup, written again on every render: its text tells an edit that changes
  // something from one that changes nothing (a refusal, a step back and forward again).
  const setup = setupOfPosition(game, session.origin);
  const position = JSON.stringify([setup, session.origin.cards]);
  // An edit of the position ends the card lists' odds (React's way to adjust state to new props).
  if (listed && listed.from !== position) setListed(null);
  const attack = attacks[Math.min(choice, attacks.length - 1)];
  const battle: Battle | null = listed
    ? listed.battle
    : attack
      ? { setup, cards: session.origin.cards, attack }
      : null;
  // The request as plain JSON: its key, and (parsed back) what the worker is sent.
  const key = battle && JSON.stringify({ ...battle, battles, seed } satisfies OddsRequest);

  const cancel = useCallback(() => {
    const inFlight = flight.current;
    if (!inFlight) return;
    clearTimeout(inFlight.timer);
    flight.current = null;
    worker.replace();
    setRunning(null);
  }, [worker]);

  const play = useCallback(
    (key: string) => {
      cancel();
      const request = JSON.parse(key) as OddsRequest;
      const run = ++runs.current;
      const playing = worker.current();
      const timer = setTimeout(
        () => setRunning((now) => (now?.key === key ? { ...now, long: true } : now)),
        LONG_RUN_MS,
      );
      flight.current = { key, run, timer };
      setRunning({ key, done: 0, total: request.battles, long: false });
      setStopped(null);
      setProblem(null);
      const finish = () => {
        clearTimeout(timer);
        flight.current = null;
        setRunning(null);
      };
      playing.onmessage = (event: MessageEvent<OddsMessage>) => {
        const message = event.data;
        // A cancelled run's worker is gone, but its last messages may already be queued.
        if (flight.current?.run !== run) return;
        if (message.type === 'progress') {
          setRunning((now) =>
            now?.key === key ? { ...now, done: message.done, total: message.total } : now,
          );
          return;
        }
        finish();
        if (message.type === 'done') setShown({ key, odds: message.odds, ms: message.ms });
        else setProblem(message.message);
      };
      playing.onerror = (event) => {
        if (flight.current?.run !== run) return;
        finish();
        setProblem(event.message || 'the odds worker failed');
        worker.replace();
      };
      playing.postMessage({ ...request, run } satisfies OddsRun);
    },
    [cancel, worker],
  );

  const stop = () => {
    if (flight.current) setStopped(flight.current.key);
    cancel();
  };

  // Live: a changed request cancels the run in flight, and is played after a pause in the edits.
  useEffect(() => {
    if (flight.current && flight.current.key !== key) cancel();
    if (!visible || key === null || key === shown?.key || key === stopped || flight.current) return;
    const timer = setTimeout(() => play(key), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, visible, shown?.key, stopped, cancel, play]);

  // Two lists of card names: an unknown name is refused here, naming the nearest names.
  const runCards = async () => {
    setProblem(null);
    try {
      const found = await cardListsBattle({
        place,
        attackers: namesOf(attackers),
        defenders: namesOf(defenders),
      });
      setListed({
        battle: { setup: found.setup, cards: found.cards, attack: found.attack },
        from: position,
      });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const fresh = shown !== null && shown.key === key;
  return (
    <section className="panel odds" aria-labelledby={`${id}-title`} data-testid="odds" ref={section}>
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
            // Back from the card lists, the position's odds follow by themselves; a stopped run starts again.
            if (listed) setListed(null);
            else if (key !== null) play(key);
          }}
        >
          <label htmlFor={`${id}-attack`}>attack</label>
          <select
            id={`${id}-attack`}
            value={choice}
            onChange={(event) => {
              setChoice(Number(event.target.value));
              setListed(null);
            }}
          >
            {attacks.map((command, index) => (
              <option key={JSON.stringify(command)} value={index}>
                {turn}: {commandInWords(game, command)}
              </option>
            ))}
          </select>
          <span />
          <span className="buttons">
            {listed ? (
              <button type="submit">Odds of this position</button>
            ) : stopped !== null && stopped === key ? (
              <button type="submit">Play {whole(battles)} battles</button>
            ) : (
              <span className="muted">the odds follow the position: played again at each change</span>
            )}
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
          <button type="submit">Odds of these cards</button>
          <span className="muted">one card name a line: personnel and equipment</span>
        </span>
      </form>
      {running?.long && (
        <p>
          <label htmlFor={`${id}-progress`}>
            {whole(running.done)} of {whole(running.total)} battles{' '}
          </label>
          <progress id={`${id}-progress`} max={running.total} value={running.done} />{' '}
          <button type="button" onClick={stop}>
            Stop
          </button>
        </p>
      )}
      {stopped !== null && stopped === key && (
        <p className="muted" data-testid="odds-stopped">
          Stopped{shown ? ': the odds below answer an earlier request' : ''}.
        </p>
      )}
      {problem && <p className="problem">{problem}</p>}
      {shown && key !== null && (
        <>
          <p className="muted" data-testid="odds-time" data-ms={shown.ms.toFixed(1)}>
            {whole(shown.odds.battles)} battles in {whole(Math.round(shown.ms))} ms
            {fresh ? '' : running ? ' (being played again)' : ' (of an earlier request)'}
          </p>
          <OddsTable odds={shown.odds} fresh={fresh} />
        </>
      )}
    </section>
  );
}

/** The odds; not `fresh` while they answer an earlier request than the one made now. */
function OddsTable({ odds, fresh }: { odds: BattleOdds; fresh: boolean }) {
  const rows: ReadonlyArray<readonly [string, Estimate]> = [
    ['wins', odds.outcome.win],
    ['ties', odds.outcome.tie],
    ['loses', odds.outcome.loss],
  ];
  const count = (v: number) => v.toFixed(2);
  return (
    <div data-testid="odds-result" className={fresh ? undefined : 'stale'} aria-busy={!fresh}>
      <table>
        <caption>
          {whole(odds.battles)} battles of {odds.attacker}'s attack on {odds.defender} (seed {odds.seed})
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
