import { hasControlCharacter } from './plain.ts';
import * as z from './zod.ts';

/**
 * What a card *is*: the facts printed on it, and the small effect descriptors through which the rules
 * read its game text. Card definitions are plain data, so a client can add its own (inline in a game
 * setup or as a list) and a saved game carries them along.
 */

export const CARD_TYPES = [
  'Personnel',
  'Equipment',
  'Ship',
  'Facility',
  'Event',
  'Interrupt',
  'Doorway',
  'Incident',
  'Q Event',
  'Dilemma',
  'Objective',
  'Artifact',
  'Mission',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** The icon that makes a card holographic. */
export const HOLO_ICON = 'Holo';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const word = z.string().check(z.trim(), z.minLength(1), z.maxLength(80));

/**
 * The name of one of a card's responses, where its text offers several ("stun ... OR erase ...",
 * Tommygun): a short lowercase word a `respond` command names as its `option`.
 */
export const responseOptionSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9-]{0,39}$/, 'a lowercase word of up to 40 letters, digits and hyphens'));

/** A list of words, of `min` to `max` of them. */
const words = (min: number, max: number) => z.array(word).check(z.minLength(min), z.maxLength(max));

/** Whom a response's action strikes. */
export const RESPONSE_TARGETS = ['adversary', 'random-opponent', 'opposing-holograms'] as const;
const whom = z.enum(RESPONSE_TARGETS);

/**
 * One action of a response (its `does` list, carried out in order):
 * - `stun`, `mortally-wound`: the target (BATTLE-4e; a Holo weapon mortally wounds instead of stunning
 *   while the safety protocols are suspended);
 * - `kill` (a hologram is deactivated instead, HOLO-DEATH-1), `erase` (discarded, HOLO-DEATH-2),
 *   `capture` (for the responding player, HOLO-CAPTURE-1/2): the target, as the host's effects do;
 * - `strength`: STRENGTH `amount` until the end of the battle, for the `user` or each of
 *   `your-personnel-in-battle`;
 * - `engage-next`: the user engages the next adversary (Android Headlock);
 * - `stasis`: the target is placed in stasis until the end of the player's next turn, out of the
 *   battle (Vulcan Nerve Pinch);
 * - `report`: the card (equipment from hand) reports to the battle, with the player's group (D'k Tahg);
 *   it enters play deactivated if holographic (HOLO-ACT-1), and is not discarded.
 * Targets (`whom`): `adversary`, the adversary the user just engaged (pairing windows only);
 * `random-opponent`, one opposing personnel in the battle at random; `opposing-holograms`, every
 * opposing Holo personnel in the battle.
 */
export const responseActionSchema = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('stun'), whom }),
  z.strictObject({ do: z.literal('mortally-wound'), whom }),
  z.strictObject({ do: z.literal('kill'), whom }),
  z.strictObject({ do: z.literal('erase'), whom }),
  z.strictObject({ do: z.literal('capture'), whom }),
  z.strictObject({
    do: z.literal('strength'),
    amount: z.int().check(z.minimum(-20), z.maximum(20)),
    whom: z.enum(['user', 'your-personnel-in-battle']),
  }),
  z.strictObject({ do: z.literal('engage-next') }),
  z.strictObject({ do: z.literal('stasis'), whom }),
  z.strictObject({ do: z.literal('report') }),
]);
export type ResponseAction = z.infer<typeof responseActionSchema>;

/** The built-in response effects the actions cannot carry (each with its own parameters below). */
export const BUILT_IN_RESPONSE_EFFECTS = [
  'stasis-by-species',
  'report-to-battle',
  'beam-away',
  'stun-adversary',
  'headlock',
] as const;
export type BuiltInResponseEffect = (typeof BUILT_IN_RESPONSE_EFFECTS)[number];

/** A response descriptor (see `effectSchema`'s `response` and docs/cards.md). */
export const responseSchema = z
  .strictObject({
    kind: z.literal('response'),
    /**
     * Its name among the card's responses, where the card offers several (Tommygun: `erase` or `stun`):
     * a `respond` names it as `option`. Without `option`, a `respond` plays the card's first response.
     */
    option: z.optional(responseOptionSchema),
    /** The window it answers: start of battle (BATTLE-2), a pairing (BATTLE-4e), or any window before the winner. */
    timing: z.enum(['start-of-battle', 'pairing', 'until-winner']),
    /** What it does: actions carried out in order (1 to 5). */
    does: z.optional(z.array(responseActionSchema).check(z.minLength(1), z.maxLength(5))),
    /** Or a built-in effect the actions cannot carry. */
    effect: z.optional(z.enum(BUILT_IN_RESPONSE_EFFECTS)),
    /**
     * Who may use it: one of the player's personnel in the battle, able to act (not disabled, stunned,
     * mortally wounded or in stasis), of one of these gameplay species, affiliations and with one of
     * these icons (each list given must be met). In a pairing window with an `adversary` action, `user`
     * is the player's personnel in the pairing.
     */
    user: z.optional(
      z.strictObject({
        species: z.optional(words(1, 10)),
        affiliations: z.optional(words(1, 10)),
        icons: z.optional(words(1, 10)),
      }),
    ),
    /** `hand` (default): played from the player's hand, then discarded; `play`: a card in play, present with the user. */
    from: z.optional(z.enum(['hand', 'play'])),
    /** The adversary must be one of these: a species, a characteristic, `Holo`, or `Rogue Borg`. */
    adversary: z.optional(words(1, 10)),
    /** Usable once per battle (each copy). */
    oncePerBattle: z.optional(z.boolean()),
    /** The actions are carried out once for each user (Vulcan Nerve Pinch: "your Vulcans ... may each"). */
    eachUser: z.optional(z.boolean()),
    /** stasis-by-species: the species whose personnel each place one opponent in stasis. */
    species: z.optional(words(0, 10)),
    /** report-to-battle: the affiliation the battle must involve (a card of yours of it). */
    affiliation: z.optional(word),
    /** headlock: the kinds of adversary it mortally wounds (species, characteristics, Holo, Rogue Borg). */
    targets: z.optional(words(0, 10)),
  })
  .check(
    z.refine(
      (r) => (r.does === undefined) !== (r.effect === undefined),
      'a response says what it does: either "does" (actions) or "effect" (a built-in effect), not both',
    ),
  );
export type ResponseDescriptor = z.infer<typeof responseSchema>;

/**
 * Effect descriptors: the parts of a card's game text that the rules evaluate. The machines never
 * special-case a card by name; they ask the rules, which read these.
 */
export const effectSchema = z.discriminatedUnion('kind', [
  /** Played on a ship or facility, it adds a Holodeck there (Holodeck Door). */
  z.strictObject({ kind: z.literal('adds-holodeck') }),
  /** Played on a planet, Holo cards may exist on that planet (Holo-Projectors). HOLO-EXIST-1 */
  z.strictObject({ kind: z.literal('holo-projectors') }),
  /** Worn by one of your Holo personnel: no Holodeck needed, not confined to ships (HOLO-EMIT-1). */
  z.strictObject({ kind: z.literal('mobile-emitter') }),
  /**
   * Who may use this card: personnel of one of these affiliations (in their current mode), or of one of
   * these gameplay species. Either list satisfied is enough when both are given.
   */
  z.strictObject({
    kind: z.literal('use-only'),
    affiliations: z.optional(z.array(word).check(z.maxLength(20))),
    species: z.optional(z.array(word).check(z.maxLength(20))),
  }),
  /** Personnel placed here add the Holo icon to their owner's copies in play (221B Baker Street). */
  z.strictObject({ kind: z.literal('adds-holo-icon') }),
  /**
   * A STRENGTH modifier (BATTLE-4, BATTLE-5): `amount` for each personnel it reaches. `to` says whom:
   * each of the owner's personnel present (phasers, disruptors, blades), each of the owner's
   * non-holographic universal personnel (Lower Decks), or every other Bajoran present, on either side
   * (Shakaar Edon). A modifier that is not `cumulative` counts once however many copies are in play.
   */
  z.strictObject({
    kind: z.literal('strength'),
    amount: z.int().check(z.minimum(-20), z.maximum(20)),
    to: z.enum(['your-personnel-present', 'your-non-holographic-universal', 'other-bajorans-present']),
    cumulative: z.boolean(),
  }),
  /** Holds personnel placed on it (Penalty Box, Escape Pod): a card may make a personnel leave onto it. */
  z.strictObject({ kind: z.literal('holds-personnel') }),
  /** BATTLE-0: a Rogue Borg: takes part in battle as personnel; N Rogue Borg present are STRENGTH N each. */
  z.strictObject({ kind: z.literal('rogue-borg') }),
  /** While in play, holograms may mortally wound (Disengage Safety Protocols suspends HOLO-BATTLE-1). */
  z.strictObject({ kind: z.literal('suspends-safety-protocols') }),
  /**
   * A response in a personnel battle: when it may be played (`timing`), who may use it (`user`,
   * `from`, `adversary`, `oncePerBattle`) and what it does: a composition of actions (`does`), or one
   * of the built-in effects the actions cannot carry (`effect`). See docs/cards.md.
   * BATTLE-2 (start of battle), BATTLE-4e (a pairing), before the winner is determined.
   */
  responseSchema,
]);
export type Effect = z.infer<typeof effectSchema>;

/** A skill of a personnel's skill box, at its level: "Computer Skill x2" is level 2, a plain skill level 1. */
export const skillSchema = z.strictObject({
  name: word,
  level: z.optional(z.int().check(z.minimum(1), z.maximum(9))),
});
export type Skill = Required<z.infer<typeof skillSchema>>;

/** A card definition as a client writes it (every field but name and type optional). */
export const cardDefinitionSchema = z.strictObject({
  name,
  type: z.enum(CARD_TYPES),
  /**
   * One affiliation, or several separated by "/" (Iden: "Bajoran/Hirogen"). Each is a mode a
   * `changeAffiliation` command may name, so each is what its `to` may be: up to 60 characters, no
   * control characters.
   */
  affiliation: z.optional(
    z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(120),
      z.refine(
        (text) => text.split('/').every((mode) => mode.trim().length <= 60 && !hasControlCharacter(mode)),
        'each affiliation is at most 60 characters, with no control characters',
      ),
    ),
  ),
  classification: z.optional(word),
  integrity: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  cunning: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  strength: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  universal: z.optional(z.boolean()),
  icons: z.optional(z.array(word).check(z.maxLength(20))),
  characteristics: z.optional(z.array(word).check(z.maxLength(40))),
  staffing: z.optional(z.array(word).check(z.maxLength(10))),
  range: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  weapons: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  shields: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
  text: z.optional(z.string().check(z.maxLength(2000))),
  /** The skills of its skill box, in printed order (the classification is not among them). */
  skills: z.optional(z.array(skillSchema).check(z.maxLength(20))),
  /** The set it was printed in ("Premiere"), and its number in that set ("12"). */
  set: z.optional(name),
  number: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))),
  /** Lore species where it differs from gameplay species (Sumek appears Vulcan; HOLO-SPECIES-1). */
  lore: z.optional(z.strictObject({ species: z.optional(word) })),
  effects: z.optional(
    z.array(effectSchema).check(
      z.maxLength(20),
      z.refine(
        (effects) => optionsAreNamed(effects.filter((effect) => effect.kind === 'response')),
        'a card with several responses names each one (option), each name once',
      ),
    ),
  ),
});

/** Each response of a card with several has its own option name, so a `respond` can choose it. */
function optionsAreNamed(responses: readonly { readonly option?: string }[]): boolean {
  if (responses.length < 2) return true;
  const names = responses.map((response) => response.option);
  return names.every((name) => name !== undefined) && new Set(names).size === names.length;
}
export type CardDefinitionInput = z.infer<typeof cardDefinitionSchema>;

/** A card definition with every optional list filled in, as the rules read it. */
export interface CardDefinition {
  readonly name: string;
  readonly type: CardType;
  /** Affiliation modes, in printed order; empty for cards without affiliation. */
  readonly affiliations: readonly string[];
  readonly classification: string | undefined;
  readonly integrity: number;
  readonly cunning: number;
  readonly strength: number;
  readonly universal: boolean;
  readonly icons: readonly string[];
  readonly characteristics: readonly string[];
  readonly staffing: readonly string[];
  readonly text: string;
  /** Its skills, each at its level (1 where the input gives none). */
  readonly skills: readonly Skill[];
  readonly set: string | undefined;
  readonly number: string | undefined;
  readonly loreSpecies: string | undefined;
  readonly effects: readonly Effect[];
}

/** Fills in a validated input's optional lists. */
export function normaliseDefinition(input: CardDefinitionInput): CardDefinition {
  return {
    name: input.name,
    type: input.type,
    affiliations: input.affiliation ? input.affiliation.split('/').map((a) => a.trim()) : [],
    classification: input.classification,
    integrity: input.integrity ?? 0,
    cunning: input.cunning ?? 0,
    strength: input.strength ?? 0,
    universal: input.universal ?? false,
    icons: input.icons ?? [],
    characteristics: input.characteristics ?? [],
    staffing: input.staffing ?? [],
    text: input.text ?? '',
    skills: (input.skills ?? []).map((skill) => ({ name: skill.name, level: skill.level ?? 1 })),
    set: input.set,
    number: input.number,
    loreSpecies: input.lore?.species,
    effects: input.effects ?? [],
  };
}
