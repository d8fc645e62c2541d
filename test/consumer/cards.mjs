// Plain Node, no loader: real cards from the installed package (the pool's JSON shipped beside its module).
import { createGame } from 'stccg-rules';
import { CardPoolError, cardListsBattle, loadCards } from 'stccg-rules/cards';
import { importCards } from 'stccg-rules/cards/import';

const cards = await loadCards(['Worf', 'Kargan']);
const game = createGame(
  {
    players: ['alice', 'bob'],
    locations: [{ id: 'qonos' }],
    cards: [
      { id: 'kargan', card: 'Kargan', owner: 'alice', at: { planet: 'qonos' } },
      { id: 'worf', card: 'Worf', owner: 'bob', at: { planet: 'qonos' } },
    ],
  },
  { cards },
);
const attacked = game.send({
  type: 'attack',
  player: 'alice',
  attackers: { planet: 'qonos' },
  defenders: { planet: 'qonos' },
});
const unknown = await loadCards(['Worff']).catch((error) => error instanceof CardPoolError && error.message);
const lists = await cardListsBattle({ place: "Qo'noS", attackers: ['Kargan'], defenders: ['Worf'] });
// HJSON: quoteless strings run to the end of their line, so each field has its own.
const hjson = [
  '{',
  '  gameType: First Edition',
  '  setId: "1"',
  '  setName: A',
  '  cards: [',
  '    {',
  '      title: X',
  '      type: event',
  '    }',
  '  ]',
  '}',
];
const imported = importCards([{ name: 'a.hjson', text: hjson.join('\n') }]);
process.stdout.write(
  `${JSON.stringify({ loaded: cards.map((c) => c.name), attacked: attacked.ok, unknown, lists: lists.cards.length, imported: imported.cards.map((c) => c.name) })}\n`,
);
