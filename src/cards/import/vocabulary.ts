import type { CardType } from '../../model/card-definition.ts';

/**
 * The community engine's words (its First Edition blueprint files) and the engine's for the same
 * facts. Only words whose meaning is known are here: a word missing from a table is reported, with its
 * file and line, and never guessed at.
 */

/** Card types, as the blueprint files spell them. */
export const CARD_TYPES_BY_WORD: Readonly<Record<string, CardType>> = {
  personnel: 'Personnel',
  ship: 'Ship',
  equipment: 'Equipment',
  facility: 'Facility',
  event: 'Event',
  interrupt: 'Interrupt',
  doorway: 'Doorway',
  incident: 'Incident',
  dilemma: 'Dilemma',
  objective: 'Objective',
  mission: 'Mission',
};

/** Affiliations, as the engine names them (cards.json, the rules' "use only"). */
export const AFFILIATIONS: Readonly<Record<string, string>> = {
  bajoran: 'Bajoran',
  borg: 'Borg',
  cardassian: 'Cardassian',
  dominion: 'Dominion',
  federation: 'Federation',
  ferengi: 'Ferengi',
  hirogen: 'Hirogen',
  kazon: 'Kazon',
  klingon: 'Klingon',
  'non-aligned': 'Non-Aligned',
  romulan: 'Romulan',
  starfleet: 'Starfleet',
  vulcan: 'Vulcan',
};

/**
 * Icons, by the names the engine's card data uses (LackeyCCG's: Cmd, Stf, AU...). The pairs are those
 * the community engine itself checks its blueprints against LackeyCCG's data with; `holographic` is the
 * engine's Holo icon. Quadrants are icons too: a Delta Quadrant personnel carries [DQ].
 */
export const ICONS: Readonly<Record<string, string>> = {
  'au-icon': 'AU',
  'classic-films-icon': 'Film',
  command: 'Cmd',
  'communications-subcommand': 'Com',
  'defense-subcommand': 'Def',
  'ent-era': '22',
  'first-contact-icon': 'FC',
  holographic: 'Holo',
  maquis: 'Maq',
  'navigation-subcommand': 'Nav',
  orb: 'Orb',
  staff: 'Stf',
  'warp-core': 'WC',
};

/** The quadrant a card's `quadrant` names, as an icon. */
export const QUADRANT_ICONS: Readonly<Record<string, string>> = {
  delta: 'DQ',
  gamma: 'GQ',
};

/** Personnel classifications, spelt as printed (and as the engine's card data has them). */
export const CLASSIFICATIONS: ReadonlySet<string> = new Set([
  'CIVILIAN',
  'ENGINEER',
  'MEDICAL',
  'OFFICER',
  'SCIENCE',
  'SECURITY',
  'V.I.P.',
]);

/**
 * Species, spelt as the engine's card data spells them: they stand among a card's characteristics
 * (src/rules/species.ts reads them there).
 */
export const SPECIES: Readonly<Record<string, string>> = {
  aenar: 'Aenar',
  android: 'Android',
  bajoran: 'Bajoran',
  benzite: 'Benzite',
  betazoid: 'Betazoid',
  bolian: 'Bolian',
  borg: 'Borg',
  boslic: 'Boslic',
  cairn: 'Cairn',
  cardassian: 'Cardassian',
  dopterian: 'Dopterian',
  'el-aurian': 'El-Aurian',
  ferengi: 'Ferengi',
  flaxian: 'Flaxian',
  hirogen: 'Hirogen',
  hologram: 'Hologram',
  human: 'Human',
  humanoid: 'Humanoid',
  "jem'hadar": "Jem'Hadar",
  kellerun: 'Kellerun',
  klingon: 'Klingon',
  lethean: 'Lethean',
  napean: 'Napean',
  ramatin: 'Ramatin',
  reman: 'Reman',
  romulan: 'Romulan',
  rutian: 'Rutian',
  takaran: 'Takaran',
  tamarian: 'Tamarian',
  tilonian: 'Tilonian',
  trill: 'Trill',
  vulcan: 'Vulcan',
  yridian: 'Yridian',
  zakdorn: 'Zakdorn',
  zalkonian: 'Zalkonian',
};

/** The species that makes a personnel holographic, whatever its icons say. */
export const HOLOGRAM_SPECIES = 'hologram';

/** Genders, as characteristics (the engine's card data lists Male and Female among them). */
export const GENDERS: Readonly<Record<string, string>> = { male: 'Male', female: 'Female' };

/** Characteristics other than species and gender. */
export const CHARACTERISTICS: Readonly<Record<string, string>> = {
  admiral: 'Admiral',
  padd: 'PADD',
};

/** A ship's special equipment, which the engine reads among its characteristics (a Holodeck). */
export const SPECIAL_EQUIPMENT: ReadonlySet<string> = new Set([
  'Cloaking Device',
  'Holodeck',
  'Long-Range Scan Shielding',
  'Tractor Beam',
]);

/** What a `uniqueness` says of the card's `universal`. */
export const UNIVERSAL_BY_UNIQUENESS: Readonly<Record<string, boolean>> = { universal: true, unique: false };

/**
 * Fields that are no fact of the game (pictures, rarity, the logo of the series) or that the files must
 * never give away (lore): read past, and not reported. The lore is read only for the characteristics
 * the rules key on that it alone gives (lore.ts: a Soong-type android), never imported.
 */
export const NOT_FACTS: ReadonlySet<string> = new Set([
  'image-options',
  'image-url',
  'lore',
  'property-logo',
  'rarity',
  'java-blueprint',
]);

/**
 * Fields that hold a card's game text as the community engine's scripts: reported, never imported.
 * (`modifiers` are read one by one: a STRENGTH modifier becomes descriptors, the others are listed.)
 */
export const GAME_TEXT: ReadonlySet<string> = new Set(['actions', 'playThisCardAction', 'restriction-box']);
