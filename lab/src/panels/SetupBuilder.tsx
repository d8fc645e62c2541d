import { useId, useMemo, useState } from 'react';
import { CardLibrary, createGame, type Setup, SetupError } from 'stccg-rules';
import { setupOfPosition } from '../position-setup.ts';
import { LabSession } from '../session.ts';

type SetupCard = Setup['cards'][number];
type At = SetupCard['at'];

/** The kinds of place a card can start in, and what each names. */
const PLACES = [
  ['hand', 'in hand', null],
  ['table', 'on the table', null],
  ['discard', 'in the discard pile', null],
  ['space', 'a ship or facility at', 'location'],
  ['aboard', 'aboard', 'card'],
  ['planet', 'on the planet at', 'location'],
  ['wornBy', 'worn by', 'card'],
  ['playedOn', 'played on', 'any'],
  ['heldBy', 'held by', 'card'],
] as const;
type PlaceKind = (typeof PLACES)[number][0];

function kindOf(at: At): PlaceKind {
  if (typeof at === 'string') return at;
  if ('capturedBy' in at) return 'aboard';
  return Object.keys(at)[0] as PlaceKind;
}
function targetOf(at: At): string {
  if (typeof at === 'string') return '';
  const values = Object.values(at) as string[];
  return values.at(-1) ?? '';
}
function placeOf(kind: PlaceKind, target: string): At {
  if (kind === 'hand' || kind === 'table' || kind === 'discard') return kind;
  return { [kind]: target } as At;
}

const STATUSES = ['stopped', 'disabled', 'stunned', 'mortallyWounded'] as const;

/** What the engine says of a setup: nothing (it starts), or where it is wrong and why. */
function judgeSetup(setup: Setup): { path: string; message: string; clause: string } | null {
  try {
    createGame(setup).stop();
    return null;
  } catch (error) {
    if (error instanceof SetupError)
      return { path: error.path, message: error.message.slice(error.path.length + 2), clause: error.clause };
    return {
      path: '(setup)',
      message: error instanceof Error ? error.message : String(error),
      clause: 'GAME-INPUT-1',
    };
  }
}

/**
 * A setup built by hand: players and turn, locations (with or without Holo-Projectors), ships and
 * facilities (with or without a Holodeck Door), cards found in the library by search, each card's place,
 * statuses and hologram state. The engine judges it as it changes; a problem is shown on its row.
 */
export function SetupBuilderPanel({
  session,
  open,
}: {
  session: LabSession;
  open: (session: LabSession) => void;
}) {
  const id = useId();
  const [setup, setSetup] = useState<Setup>(() => setupOfPosition(session.game, session.origin));
  const [search, setSearch] = useState('');
  const library = useMemo(() => {
    try {
      return CardLibrary.builtIn().withDefinitions(setup.cardDefinitions ?? []);
    } catch {
      return CardLibrary.builtIn();
    }
  }, [setup.cardDefinitions]);
  const problem = useMemo(() => judgeSetup(setup), [setup]);
  const problemRow = problem ? /^cards\.(\d+)/.exec(problem.path)?.[1] : undefined;

  const update = (change: (draft: Setup) => Setup) => setSetup((old) => change(old));
  const setCard = (index: number, change: (card: SetupCard) => SetupCard) =>
    update((s) => ({ ...s, cards: s.cards.map((card, i) => (i === index ? change(card) : card)) }));
  const freeId = (name: string) => {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'card';
    let candidate = base;
    for (
      let n = 2;
      setup.cards.some((c) => c.id === candidate) || setup.locations.some((l) => l.id === candidate);
      n++
    )
      candidate = `${base}-${n}`;
    return candidate;
  };
  const addCard = (name: string, at: At = 'hand') =>
    update((s) => ({ ...s, cards: [...s.cards, { id: freeId(name), card: name, owner: s.players[0], at }] }));
  const hasOn = (target: string, name: string) =>
    setup.cards.some(
      (c) => c.card === name && typeof c.at === 'object' && 'playedOn' in c.at && c.at.playedOn === target,
    );
  const toggleOn = (target: string, name: string) =>
    update((s) =>
      hasOn(target, name)
        ? {
            ...s,
            cards: s.cards.filter(
              (c) =>
                !(
                  c.card === name &&
                  typeof c.at === 'object' &&
                  'playedOn' in c.at &&
                  c.at.playedOn === target
                ),
            ),
          }
        : {
            ...s,
            cards: [
              ...s.cards,
              { id: freeId(name), card: name, owner: s.players[0], at: { playedOn: target } },
            ],
          },
    );

  const words = search.trim().toLowerCase();
  const found = library
    .names()
    .map((name) => library.get(name))
    .filter((definition) =>
      words === ''
        ? true
        : [definition.name, definition.type, definition.affiliations.join('/'), definition.icons.join(' ')]
            .join(' ')
            .toLowerCase()
            .includes(words),
    )
    .slice(0, 40);
  const ids = [...setup.locations.map((l) => l.id), ...setup.cards.map((c) => c.id)];
  const hosts = setup.cards.filter((c) => {
    const type = library.has(c.card) ? library.get(c.card).type : '';
    return type === 'Ship' || type === 'Facility';
  });

  return (
    <section className="panel builder" aria-labelledby={`${id}-title`} data-testid="setup-builder">
      <h2 id={`${id}-title`}>Build a setup</h2>
      <div className="buttons">
        <button type="button" onClick={() => setSetup(setupOfPosition(session.game, session.origin))}>
          From the position shown
        </button>
        <button
          type="button"
          onClick={() =>
            setSetup({
              players: ['alice', 'bob'],
              turn: { player: 'alice', number: 1 },
              locations: [],
              cards: [],
            })
          }
        >
          Empty
        </button>
        <button
          type="button"
          disabled={problem !== null}
          onClick={() =>
            open(
              new LabSession({ title: 'a setup built by hand', setup, seed: 1, cards: session.origin.cards }),
            )
          }
        >
          Play this setup
        </button>
      </div>
      <p className={problem ? 'problem' : 'passed'} role="status" data-testid="builder-verdict">
        {problem
          ? `setup.${problem.path}: ${problem.message} (${problem.clause})`
          : 'The engine accepts this setup.'}
      </p>

      <h3>Players and turn</h3>
      <div className="fields">
        {([0, 1] as const).map((i) => (
          <span key={i} className="contents">
            <label htmlFor={`${id}-player-${i}`}>player {i + 1}</label>
            <input
              id={`${id}-player-${i}`}
              value={setup.players[i]}
              onChange={(event) =>
                update((s) => {
                  const players = [...s.players] as [string, string];
                  players[i] = event.target.value;
                  return { ...s, players };
                })
              }
            />
          </span>
        ))}
        <label htmlFor={`${id}-turn`}>turn</label>
        <span>
          <select
            id={`${id}-turn`}
            value={setup.turn?.player ?? setup.players[0]}
            onChange={(event) =>
              update((s) => ({ ...s, turn: { player: event.target.value, number: s.turn?.number ?? 1 } }))
            }
          >
            {setup.players.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>{' '}
          <label>
            number{' '}
            <input
              type="number"
              min={1}
              value={setup.turn?.number ?? 1}
              onChange={(event) =>
                update((s) => ({
                  ...s,
                  turn: {
                    player: s.turn?.player ?? s.players[0],
                    number: Math.max(1, Number(event.target.value) || 1),
                  },
                }))
              }
            />
          </label>
        </span>
      </div>

      <h3>Locations</h3>
      <ul>
        {setup.locations.map((location, index) => (
          <li key={location.id}>
            <code>[{location.id}]</code>{' '}
            <input
              aria-label={`name of location ${location.id}`}
              value={location.name ?? ''}
              onChange={(event) =>
                update((s) => ({
                  ...s,
                  locations: s.locations.map((l, i) =>
                    i === index ? { ...l, name: event.target.value } : l,
                  ),
                }))
              }
            />{' '}
            <label>
              <input
                type="checkbox"
                checked={hasOn(location.id, 'Holo-Projectors')}
                onChange={() => toggleOn(location.id, 'Holo-Projectors')}
              />{' '}
              Holo-Projectors
            </label>
          </li>
        ))}
      </ul>
      <div className="buttons">
        <button
          type="button"
          onClick={() =>
            update((s) => ({
              ...s,
              locations: [...s.locations, { id: freeId('location'), name: 'A planet' }],
            }))
          }
        >
          Add a location
        </button>
      </div>

      <h3>Cards</h3>
      <table className="builder-cards">
        <thead>
          <tr>
            <th scope="col">card</th>
            <th scope="col">owner</th>
            <th scope="col">where</th>
            <th scope="col">statuses, hologram</th>
            <th scope="col">
              <span className="visually-hidden">remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {setup.cards.map((card, index) => {
            const definition = library.has(card.card) ? library.get(card.card) : null;
            const kind = kindOf(card.at);
            const needs = PLACES.find(([k]) => k === kind)?.[2] ?? null;
            const holo =
              definition !== null && [...definition.icons, ...(card.addedIcons ?? [])].includes('Holo');
            const isHost = definition?.type === 'Ship' || definition?.type === 'Facility';
            return (
              <tr
                key={card.id}
                className={String(index) === problemRow ? 'has-problem' : undefined}
                data-row={card.id}
              >
                <td>
                  <b>{card.card}</b> <code>[{card.id}]</code>
                  {String(index) === problemRow && problem && (
                    <div className="problem" role="alert">
                      {problem.path}: {problem.message} ({problem.clause})
                    </div>
                  )}
                </td>
                <td>
                  <select
                    aria-label={`owner of ${card.id}`}
                    value={card.owner}
                    onChange={(event) => setCard(index, (c) => ({ ...c, owner: event.target.value }))}
                  >
                    {setup.players.map((p) => (
                      <option key={p}>{p}</option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    aria-label={`where ${card.id} is`}
                    value={kind}
                    onChange={(event) => {
                      const next = event.target.value as PlaceKind;
                      setCard(index, (c) => ({ ...c, at: placeOf(next, targetOf(c.at)) }));
                    }}
                  >
                    {PLACES.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </select>
                  {needs && (
                    <select
                      aria-label={`the place of ${card.id}`}
                      value={targetOf(card.at)}
                      onChange={(event) =>
                        setCard(index, (c) => ({ ...c, at: placeOf(kind, event.target.value) }))
                      }
                    >
                      <option value="">(choose)</option>
                      {(needs === 'location'
                        ? setup.locations.map((l) => l.id)
                        : needs === 'card'
                          ? setup.cards.map((c) => c.id)
                          : ids
                      )
                        .filter((target) => target !== card.id)
                        .map((target) => (
                          <option key={target}>{target}</option>
                        ))}
                    </select>
                  )}
                </td>
                <td>
                  {STATUSES.map((status) => (
                    <label key={status} className="check">
                      <input
                        type="checkbox"
                        checked={card.status?.[status] === true}
                        onChange={(event) =>
                          setCard(index, (c) => ({
                            ...c,
                            status: { ...c.status, [status]: event.target.checked },
                          }))
                        }
                      />
                      {status}
                    </label>
                  ))}
                  {holo && (
                    <select
                      aria-label={`hologram state of ${card.id}`}
                      value={card.hologram ?? 'deactivated'}
                      onChange={(event) =>
                        setCard(index, (c) => ({
                          ...c,
                          hologram: event.target.value as 'active' | 'deactivated',
                        }))
                      }
                    >
                      <option value="active">active</option>
                      <option value="deactivated">deactivated</option>
                    </select>
                  )}
                  {isHost && (
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={hasOn(card.id, 'Holodeck Door')}
                        onChange={() => toggleOn(card.id, 'Holodeck Door')}
                      />
                      Holodeck Door
                    </label>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`remove ${card.id}`}
                    onClick={() => update((s) => ({ ...s, cards: s.cards.filter((_, i) => i !== index) }))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <h3>
        <label htmlFor={`${id}-search`}>Add a card from the library</label>
      </h3>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="name, type, affiliation or icon"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="library" aria-label="Cards found">
        {found.map((definition) => (
          <li key={definition.name}>
            <button
              type="button"
              onClick={() => addCard(definition.name)}
              aria-label={`add ${definition.name}`}
            >
              add
            </button>{' '}
            <b>{definition.name}</b>{' '}
            <small className="muted">
              {[
                definition.type,
                definition.affiliations.join('/'),
                definition.icons.join(' '),
                definition.type === 'Personnel' ? `STRENGTH ${definition.strength}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </small>
          </li>
        ))}
      </ul>
      <p className="muted">
        Hosts: {hosts.map((h) => h.id).join(', ') || 'none yet'} (a ship's Holodeck comes from its card, or
        from a Holodeck Door played on it).
      </p>
    </section>
  );
}
