import type { Board as BoardData, CardInstance, Game } from 'stccg-rules';
import { positionInWords } from '../words.ts';

/** A card with its type, affiliation, STRENGTH, statuses and hologram state. */
export function CardLine({ game, card }: { game: Game; card: CardInstance }) {
  const definition = game.table().library.get(card.card);
  const hologram = game.hologramState(card.id);
  const status = card.status;
  const flags = [
    status.stopped && 'stopped',
    status.disabled && 'disabled',
    status.inStasisUntilEndOfTurn !== null && `in stasis until end of turn ${status.inStasisUntilEndOfTurn}`,
    status.stunned && 'stunned',
    status.mortallyWounded && 'mortally wounded',
  ].filter(Boolean) as string[];
  const facts = [
    definition.type,
    card.affiliationMode ?? definition.affiliations.join('/'),
    definition.type === 'Personnel' ? `STRENGTH ${definition.strength}` : '',
    [...definition.icons, ...card.addedIcons].join(' '),
  ].filter(Boolean);
  return (
    <span className="card" data-card={card.id}>
      <span className={`owner owner-${card.owner}`}>{card.owner}</span> <b>{card.card}</b>{' '}
      <code>[{card.id}]</code> <small className="facts">{facts.join(' · ')}</small>
      {hologram && (
        <span className={`hologram h-${hologram}`} data-hologram={hologram}>
          {' '}
          hologram {hologram}
        </span>
      )}
      {flags.map((flag) => (
        <span key={flag} className="flag">
          {' '}
          {flag}
        </span>
      ))}
    </span>
  );
}

/** Cards by where they are: at each location (ships with what is aboard, the planet), then off the table. */
export function BoardPanel({ game }: { game: Game }) {
  const board: BoardData = game.board();
  const cards = Object.values(board.cards);
  const at = (test: (card: CardInstance) => boolean) => cards.filter(test);
  const nested = (host: string) => (
    <ul>
      {at(
        (c) => (c.at.in === 'aboard' && c.at.host === host) || (c.at.in === 'captured' && c.at.host === host),
      ).map((card) => (
        <li key={card.id}>
          <CardLine game={game} card={card} />
          {card.at.in === 'captured' && <span className="flag"> captive of {card.at.by}</span>}
          {worn(card.id)}
        </li>
      ))}
    </ul>
  );
  const worn = (id: string) => {
    const on = at(
      (c) =>
        (c.at.in === 'worn' && c.at.by === id) ||
        (c.at.in === 'played-on' && c.at.target === id) ||
        (c.at.in === 'held' && c.at.by === id),
    );
    return on.length === 0 ? null : (
      <ul>
        {on.map((card) => (
          <li key={card.id}>
            <CardLine game={game} card={card} /> <small>({positionInWords(board, card.at)})</small>
          </li>
        ))}
      </ul>
    );
  };
  const elsewhere = at(
    (c) => ['hand', 'table', 'discard'].includes(c.at.in) || (c.at.in === 'captured' && c.at.host === null),
  );
  return (
    <section className="panel" aria-labelledby="board-title">
      <h2 id="board-title">Board</h2>
      <p className="turn" data-testid="turn">
        Turn {board.turn.number}: {board.turn.player}
      </p>
      {Object.values(board.locations).map((location) => (
        <div key={location.id} className="location">
          <h3>
            {location.name} <code>[{location.id}]</code>
          </h3>
          {worn(location.id)}
          <ul>
            {at((c) => c.at.in === 'space' && c.at.location === location.id).map((ship) => (
              <li key={ship.id}>
                <CardLine game={game} card={ship} />
                {worn(ship.id)}
                {nested(ship.id)}
              </li>
            ))}
          </ul>
          {at((c) => c.at.in === 'planet' && c.at.location === location.id).length > 0 && (
            <>
              <h4>On the planet</h4>
              <ul>
                {at((c) => c.at.in === 'planet' && c.at.location === location.id).map((card) => (
                  <li key={card.id}>
                    <CardLine game={game} card={card} />
                    {worn(card.id)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ))}
      {elsewhere.length > 0 && (
        <div className="location">
          <h3>Off the table</h3>
          <ul>
            {elsewhere.map((card) => (
              <li key={card.id}>
                <CardLine game={game} card={card} /> <small>({positionInWords(board, card.at)})</small>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
