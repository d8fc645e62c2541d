import { useEffect, useId, useRef, useState } from 'react';
import { type EngineChart, engineCharts, pictureOf } from '../charts.ts';
import { activePaths, type LastTransition, type LiveActor } from '../live.ts';
import type { LabSession } from '../session.ts';

/**
 * Live statecharts: the game, the holograms, the battle and its window, each actor's current state lit
 * (a hologram's chart names the cards in each state; a finished actor stays lit where it ended,
 * dashed) and the last transition its machine took marked. Redrawn from XState's inspection on every
 * change. Charts zoom (buttons, Ctrl+wheel, + and - keys) and pan (drag, arrow keys).
 */
export function ChartsPanel({ session }: { session: LabSession }) {
  const id = useId();
  const charts = engineCharts();
  const [chosen, setChosen] = useState<string | null>(null);
  const [follow, setFollow] = useState(true);

  const actors = session.live.current();
  const last = session.live.last;
  const shown = follow && last ? last.machine : (chosen ?? 'game');
  const chart = charts.find((c) => c.machine === shown) ?? charts[0]!;

  return (
    <section className="panel charts" aria-labelledby={`${id}-title`} data-testid="charts">
      <h2 id={`${id}-title`}>Statecharts</h2>

      <div className="buttons">
        <div role="tablist" aria-label="Machine" className="tabs">
          {charts.map((c) => {
            const count = actors.filter((a) => a.machine === c.machine).length;
            return (
              <button
                type="button"
                role="tab"
                key={c.machine}
                aria-selected={c.machine === chart.machine}
                onClick={() => {
                  setChosen(c.machine);
                  setFollow(false);
                }}
              >
                {c.title} <small>({count})</small>
              </button>
            );
          })}
        </div>
        <label>
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} />{' '}
          follow the last transition
        </label>
      </div>
      <LastMove last={session.live.lastByMachine.get(chart.machine) ?? null} />
      <ChartView
        id={`${id}-view`}
        chart={chart}
        actors={actors.filter((a) => a.machine === chart.machine)}
        last={session.live.lastByMachine.get(chart.machine) ?? null}
        version={session.version}
      />
    </section>
  );
}

function LastMove({ last }: { last: LastTransition | null }) {
  if (!last)
    return (
      <p className="muted last-move">
        No transition yet in this machine (its actors are in their initial states, or none runs).
      </p>
    );
  const moves = last.transitions.map((t) =>
    t.to.length > 0 ? `${short(t.from)} → ${t.to.map(short).join(', ')}` : `${short(t.from)} (stays)`,
  );
  return (
    <p className="last-move" data-testid="last-transition">
      last transition: <b>{last.actor}</b> on <code>{last.event}</code>: {moves.join('; ') || 'none'}
    </p>
  );
}

const short = (stateId: string) => stateId.slice(stateId.indexOf('.') + 1) || stateId;

interface View {
  scale: number;
  x: number;
  y: number;
}

function ChartView({
  id,
  chart,
  actors,
  last,
  version,
}: {
  id: string;
  chart: EngineChart;
  actors: readonly LiveActor[];
  last: LastTransition | null;
  version: number;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: View } | null>(null);

  const [drawn, setDrawn] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The picture changes only with the machine (laid out the first time it is shown); lighting is
  // done on its elements.
  useEffect(() => {
    let live = true;
    setDrawn(null);
    pictureOf(chart).then(
      (svg) => {
        if (!live || !holder.current) return;
        holder.current.innerHTML = svg;
        setView(fitted(holder.current));
        setDrawn(chart.machine);
      },
      (error: unknown) => live && setFailure(String(error)),
    );
    return () => {
      live = false;
    };
  }, [chart]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the session does
  useEffect(() => {
    const svg = holder.current?.querySelector('svg');
    if (!svg) return;
    for (const g of svg.querySelectorAll('.lit, .taken')) g.classList.remove('lit', 'done', 'taken');
    for (const who of svg.querySelectorAll('text.who')) who.textContent = '';
    const names = new Map<string, { names: string[]; done: boolean }>();
    for (const actor of actors) {
      for (const path of activePaths(actor.value)) {
        const entry = names.get(path) ?? { names: [], done: true };
        entry.names.push(actor.name.replace(/^hologram:/, ''));
        entry.done &&= actor.status !== 'active';
        names.set(path, entry);
      }
    }
    for (const [path, entry] of names) {
      const g = svg.querySelector(`g.state[data-path="${CSS.escape(path)}"]`);
      if (!g) continue;
      g.classList.add('lit');
      g.classList.toggle('done', entry.done);
      const who = g.querySelector('text.who');
      if (who && chart.machine === 'hologram') who.textContent = entry.names.join(', ');
    }
    for (const t of last?.transitions ?? []) {
      const selectors =
        t.to.length > 0
          ? t.to.map(
              (to) =>
                `g.transition[data-from="${CSS.escape(t.from)}"][data-to="${CSS.escape(to)}"][data-event="${CSS.escape(t.event)}"]`,
            )
          : [`g.state[data-state="${CSS.escape(t.from)}"] > text.line[data-event="${CSS.escape(t.event)}"]`];
      for (const element of svg.querySelectorAll(selectors.join(','))) element.classList.add('taken');
    }
  }, [actors, last, chart, version, drawn]);

  const zoom = (factor: number) =>
    setView((v) => ({ ...v, scale: Math.min(4, Math.max(0.1, v.scale * factor)) }));
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  return (
    <div className="chart-frame">
      {failure && <p className="problem">The chart could not be laid out: {failure}</p>}
      {drawn !== chart.machine && !failure && <p className="muted">Laying out the statechart…</p>}
      <div
        className="buttons"
        role="toolbar"
        aria-label="Zoom and pan the chart"
        onKeyDown={(event) => {
          const step = 60;
          switch (event.key) {
            case 'ArrowLeft':
              pan(step, 0);
              break;
            case 'ArrowRight':
              pan(-step, 0);
              break;
            case 'ArrowUp':
              pan(0, step);
              break;
            case 'ArrowDown':
              pan(0, -step);
              break;
            case '+':
            case '=':
              zoom(1.25);
              break;
            case '-':
              zoom(0.8);
              break;
            case '0':
              setView(fitted(holder.current));
              break;
            default:
              return;
          }
          event.preventDefault();
        }}
      >
        <button type="button" onClick={() => zoom(1.25)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(0.8)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setView(fitted(holder.current))}>
          fit
        </button>
        <button type="button" onClick={() => setView({ scale: 1, x: 0, y: 0 })}>
          100%
        </button>
        <button type="button" onClick={() => pan(60, 0)} aria-label="Pan left">
          ←
        </button>
        <button type="button" onClick={() => pan(-60, 0)} aria-label="Pan right">
          →
        </button>
        <button type="button" onClick={() => pan(0, 60)} aria-label="Pan up">
          ↑
        </button>
        <button type="button" onClick={() => pan(0, -60)} aria-label="Pan down">
          ↓
        </button>
        <small className="muted">
          drag to pan, Ctrl+wheel to zoom; in this toolbar, arrow keys pan and + − zoom
        </small>
      </div>
      <figure
        id={id}
        aria-label={`${chart.title} statechart, current states lit`}
        className="chart-viewport"
        data-machine={chart.machine}
        onWheel={(event) => {
          if (!event.ctrlKey) return;
          zoom(event.deltaY < 0 ? 1.1 : 0.9);
        }}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY, from: view };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start) return;
          setView({
            ...start.from,
            x: start.from.x + event.clientX - start.x,
            y: start.from.y + event.clientY - start.y,
          });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      >
        <div
          ref={holder}
          className="chart-picture"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </figure>
    </div>
  );
}

/** The whole picture in the viewport's width. */
function fitted(holder: HTMLElement | null): View {
  const svg = holder?.querySelector('svg');
  const viewport = holder?.parentElement;
  if (!svg || !viewport) return { scale: 1, x: 0, y: 0 };
  const width = Number(svg.getAttribute('width')) || 1;
  const scale = Math.min(1, (viewport.clientWidth - 8) / width);
  return { scale, x: 0, y: 0 };
}
