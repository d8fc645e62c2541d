import {
  type CardDefinition,
  type CardDefinitionInput,
  cardDefinitionSchema,
  normaliseDefinition,
} from '../model/card-definition.ts';
import { deepFreeze } from '../model/freeze.ts';
import { safeText } from '../model/plain.ts';
import * as z from '../model/zod.ts';
import cardsJson from './cards.json' with { type: 'json' };
import { BUILT_IN_EFFECTS, BUILT_IN_LORE } from './descriptors.ts';

/** A card definition that failed validation, or a name the library does not know. */
export class CardLibraryError extends Error {
  override readonly name = 'CardLibraryError';
  constructor(
    message: string,
    /** Where in the input the problem is (`cardDefinitions[2].strength`). */
    readonly path: string,
  ) {
    super(message);
  }
}

/**
 * The card library: every card by name. The built-in cards come from `cards.json` (the cards the
 * rules name); a client adds its own with `withDefinitions`, without touching the engine.
 */
export class CardLibrary {
  private readonly byName: ReadonlyMap<string, CardDefinition>;

  private constructor(byName: ReadonlyMap<string, CardDefinition>) {
    this.byName = byName;
  }

  /** A library with no cards (the built-in one is `CardLibrary.builtIn()`). */
  static empty(): CardLibrary {
    return new CardLibrary(new Map());
  }

  /** The built-in cards. */
  static builtIn(): CardLibrary {
    return BUILT_IN;
  }

  /**
   * This library plus the client's own definitions (validated; a malformed definition throws a
   * `CardLibraryError` naming the field). A client definition may replace a built-in card of the same name.
   */
  withDefinitions(inputs: unknown, path = 'cardDefinitions'): CardLibrary {
    const parsed = z.array(cardDefinitionSchema).safeParse(inputs);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CardLibraryError(
        `${safeText([path, ...issue.path.map(String)].join('.'), 120)}: ${safeText(issue.message, 200)}`,
        [path, ...issue.path].join('.'),
      );
    }
    if (parsed.data.length === 0) return this;
    const next = new Map(this.byName);
    const seen = new Set<string>();
    parsed.data.forEach((input, i) => {
      if (seen.has(input.name)) {
        throw new CardLibraryError(
          `${path}.${i}.name: "${input.name}" is defined twice`,
          `${path}.${i}.name`,
        );
      }
      seen.add(input.name);
      // Frozen: a library is shared by every game with the same cards (and the rules remember what they
      // read of a definition), so no one may write to one.
      next.set(input.name, deepFreeze(normaliseDefinition(input)));
    });
    return new CardLibrary(next);
  }

  /** Whether the library has a card of that name. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The card with that name; throws `CardLibraryError` for an unknown name. */
  get(name: string): CardDefinition {
    const card = this.byName.get(name);
    if (!card) throw new CardLibraryError(`unknown card "${name}": not in the card library`, name);
    return card;
  }

  /** Every card name, sorted. */
  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}

function builtInInputs(): CardDefinitionInput[] {
  return cardsJson.cards.map((card) => {
    const effects = BUILT_IN_EFFECTS[card.name];
    const lore = BUILT_IN_LORE[card.name];
    return { ...card, ...(effects ? { effects: [...effects] } : {}), ...(lore ? { lore } : {}) };
  }) as CardDefinitionInput[];
}

const BUILT_IN: CardLibrary = CardLibrary.empty().withDefinitions(builtInInputs(), 'cards.json');
