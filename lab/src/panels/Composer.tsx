import { useId, useState } from 'react';
import { type Command, type CommandType, commandSchema, type Game } from 'stccg-rules';

/**
 * A command built field by field (any command, legal or not: the engine judges it and a refusal shows
 * its clause), or typed as JSON. The host-effects panel is this with the effects' types.
 */

type FieldKind =
  | 'card'
  | 'cards'
  | 'optional-card'
  | 'optional-cards'
  | 'location'
  | 'text'
  | 'place'
  | 'leave-place'
  | 'optional-aboard'
  | 'aboard'
  | 'outcome'
  | 'purpose';

const FIELDS: Readonly<Record<CommandType, ReadonlyArray<readonly [string, FieldKind]>>> = {
  report: [
    ['card', 'card'],
    ['to', 'aboard'],
  ],
  move: [
    ['cards', 'cards'],
    ['to', 'place'],
  ],
  wearEmitter: [
    ['emitter', 'card'],
    ['hologram', 'card'],
  ],
  removeEmitter: [['emitter', 'card']],
  activate: [
    ['hologram', 'card'],
    ['by', 'card'],
  ],
  endTurn: [],
  play: [
    ['card', 'card'],
    ['on', 'card'],
  ],
  kill: [
    ['card', 'card'],
    ['by', 'text'],
  ],
  destroy: [
    ['card', 'card'],
    ['by', 'text'],
  ],
  discard: [
    ['card', 'card'],
    ['by', 'text'],
  ],
  leave: [
    ['card', 'card'],
    ['by', 'text'],
    ['to', 'leave-place'],
  ],
  capture: [
    ['card', 'card'],
    ['by', 'text'],
    ['to', 'optional-aboard'],
  ],
  select: [
    ['purpose', 'purpose'],
    ['among', 'cards'],
    ['pick', 'optional-card'],
    ['by', 'text'],
  ],
  addHoloIcon: [
    ['card', 'card'],
    ['by', 'text'],
  ],
  changeAffiliation: [
    ['card', 'card'],
    ['to', 'text'],
  ],
  moveShip: [
    ['ship', 'card'],
    ['to', 'location'],
  ],
  attack: [
    ['attackers', 'place'],
    ['defenders', 'place'],
  ],
  pass: [],
  respond: [
    ['card', 'card'],
    ['personnel', 'optional-cards'],
    ['to', 'place'],
  ],
  decide: [['outcome', 'outcome']],
};

const DEFAULT_BY: Partial<Record<CommandType, string>> = {
  kill: 'Strict Dress Code',
  destroy: 'a card',
  discard: 'a card',
  leave: 'Escape Pod',
  capture: 'a trap',
  select: 'a Borg card',
  addHoloIcon: 'Holoprogram: 221B Baker Street',
  changeAffiliation: '',
};

type Values = Record<string, string | string[]>;

interface Props {
  game: Game;
  types: readonly CommandType[];
  send: (command: Command) => void;
  /** The panel's heading and what it is for. */
  title: string;
  intro: string;
  testId: string;
}

export function ComposerPanel({ game, types, send, title, intro, testId }: Props) {
  const id = useId();
  const board = game.board();
  const [type, setType] = useState<CommandType>(types[0]!);
  const [player, setPlayer] = useState<string>(board.turn.player);
  const [values, setValues] = useState<Values>({});
  const [json, setJson] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cards = Object.values(board.cards);
  const locations = Object.values(board.locations);
  const set = (key: string, value: string | string[]) => setValues((old) => ({ ...old, [key]: value }));

  const build = (): unknown => {
    const command: Record<string, unknown> = { type, player };
    for (const [key, kind] of FIELDS[type]) {
      const value = values[key];
      const text = typeof value === 'string' ? value : '';
      const list = Array.isArray(value) ? value : [];
      switch (kind) {
        case 'cards':
          command[key] = list;
          break;
        case 'optional-cards':
          if (list.length > 0) command[key] = list;
          break;
        case 'optional-card':
          if (text) command[key] = text;
          break;
        case 'text':
          command[key] = value === undefined ? (DEFAULT_BY[type] ?? '') : text;
          break;
        case 'aboard':
          command[key] = { aboard: text };
          break;
        case 'optional-aboard':
          if (text) command[key] = { aboard: text };
          break;
        case 'place':
        case 'leave-place': {
          const where = (values[`${key}.kind`] as string | undefined) ?? 'aboard';
          const target = (values[`${key}.target`] as string | undefined) ?? '';
          if (type === 'respond' && !target) break;
          command[key] = { [where]: target };
          break;
        }
        default:
          command[key] = text;
      }
    }
    return command;
  };

  const submit = () => {
    let command: unknown;
    if (json !== null) {
      try {
        command = JSON.parse(json);
      } catch (error) {
        setProblem(`not well-formed JSON: ${String(error)}`);
        return;
      }
    } else command = build();
    // The engine judges malformed commands too (GAME-INPUT-1); the lab only needs a typed command to log it.
    const parsed = commandSchema.safeParse(command);
    setProblem(null);
    send((parsed.success ? parsed.data : command) as Command);
  };

  const select = (key: string, options: ReadonlyArray<readonly [string, string]>, optional = false) => (
    <select
      id={`${id}-${key}`}
      value={(values[key] as string | undefined) ?? ''}
      onChange={(event) => set(key, event.target.value)}
    >
      <option value="">{optional ? '(none)' : '(choose)'}</option>
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
  const cardOptions = cards.map((card) => [card.id, `${card.card} [${card.id}]`] as const);
  const locationOptions = locations.map(
    (location) => [location.id, `${location.name} [${location.id}]`] as const,
  );

  const field = (key: string, kind: FieldKind) => {
    const label = (
      <label htmlFor={`${id}-${key}`} key={`${key}-label`}>
        {key}
      </label>
    );
    let control: React.ReactNode;
    switch (kind) {
      case 'card':
      case 'aboard':
        control = select(key, cardOptions);
        break;
      case 'optional-card':
      case 'optional-aboard':
        control = select(key, cardOptions, true);
        break;
      case 'location':
        control = select(key, locationOptions);
        break;
      case 'cards':
      case 'optional-cards':
        control = (
          <select
            id={`${id}-${key}`}
            multiple
            size={Math.min(6, cards.length)}
            value={(values[key] as string[] | undefined) ?? []}
            onChange={(event) =>
              set(
                key,
                [...event.target.selectedOptions].map((option) => option.value),
              )
            }
          >
            {cardOptions.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        );
        break;
      case 'text':
        control = (
          <input
            id={`${id}-${key}`}
            value={(values[key] as string | undefined) ?? DEFAULT_BY[type] ?? ''}
            onChange={(event) => set(key, event.target.value)}
          />
        );
        break;
      case 'outcome':
        control = select(key, [
          ['stun', 'stun'],
          ['mortally-wound', 'mortally wound'],
          ['none', 'none'],
        ]);
        break;
      case 'purpose':
        control = select(key, [
          ['assimilation', 'assimilation'],
          ['abduction', 'abduction'],
        ]);
        break;
      case 'place':
      case 'leave-place': {
        const where = (values[`${key}.kind`] as string | undefined) ?? 'aboard';
        const kinds: ReadonlyArray<readonly [string, string]> = [
          ['aboard', 'aboard'],
          ['planet', 'on the planet'],
          ...(kind === 'leave-place' ? [['held', 'held by'] as const] : []),
        ];
        control = (
          <span className="place">
            <select
              id={`${id}-${key}`}
              aria-label={`${key}: where`}
              value={where}
              onChange={(event) => set(`${key}.kind`, event.target.value)}
            >
              {kinds.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
            <select
              aria-label={`${key}: which`}
              value={(values[`${key}.target`] as string | undefined) ?? ''}
              onChange={(event) => set(`${key}.target`, event.target.value)}
            >
              <option value="">(choose)</option>
              {(where === 'planet' ? locationOptions : cardOptions).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </span>
        );
        break;
      }
    }
    return [label, <span key={`${key}-control`}>{control}</span>];
  };

  return (
    <section className="panel composer" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted">{intro}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="fields">
          <label htmlFor={`${id}-type`}>command</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) => {
              setType(event.target.value as CommandType);
              setJson(null);
            }}
          >
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-player`}>player</label>
          <select id={`${id}-player`} value={player} onChange={(event) => setPlayer(event.target.value)}>
            {board.players.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {json === null && FIELDS[type].flatMap(([key, kind]) => field(key, kind))}
        </div>
        {json !== null && (
          <>
            <label htmlFor={`${id}-json`}>the command as JSON</label>
            <textarea
              id={`${id}-json`}
              rows={4}
              value={json}
              onChange={(event) => setJson(event.target.value)}
              spellCheck={false}
            />
          </>
        )}
        {problem && <p className="problem">{problem}</p>}
        <div className="buttons">
          <button type="submit">Send {type}</button>
          <button
            type="button"
            onClick={() => setJson(json === null ? JSON.stringify(build()) : null)}
            aria-pressed={json !== null}
          >
            {json === null ? 'Edit as JSON' : 'Back to the form'}
          </button>
        </div>
      </form>
    </section>
  );
}
