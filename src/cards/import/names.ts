import type { CardDefinitionInput } from '../../model/card-definition.ts';

/**
 * A card library holds one card per name, and a title may be printed more than once (Data in
 * Premiere, and again in The Next Generation). The first printing keeps its title; each later one is
 * named after its set, as the engine's own library names them ("Data (The Next Generation)"), and, where
 * one set prints a title twice, after its number too.
 */

/** A card to name, with what orders its printings: its set's id and its number there. */
export interface Printing {
  readonly definition: CardDefinitionInput;
  readonly setOrder: number;
  readonly numberOrder: number;
}

/** A printing with its name: its title, or (`renamed`) a name after its set. */
export interface NamedPrinting<P extends Printing> {
  readonly printing: P;
  readonly definition: CardDefinitionInput;
  readonly renamed: boolean;
}

/** Names every printing uniquely; returns them in printing order (set, then number), each with its definition so named. */
export function namePrintings<P extends Printing>(printings: readonly P[]): NamedPrinting<P>[] {
  const ordered = [...printings].sort(
    (a, b) =>
      a.setOrder - b.setOrder ||
      a.numberOrder - b.numberOrder ||
      a.definition.name.localeCompare(b.definition.name),
  );
  const taken = new Set<string>();
  const titles = new Set(ordered.map((p) => p.definition.name));
  return ordered.map((printing) => {
    const { definition } = printing;
    const name = nameFor(definition, taken, titles);
    taken.add(name);
    const renamed = name !== definition.name;
    return { printing, definition: renamed ? { ...definition, name } : definition, renamed };
  });
}

/** The title, else "Title (Set)", else "Title (Set Number)", else with a count: never a name taken, nor another card's title. */
function nameFor(
  definition: CardDefinitionInput,
  taken: ReadonlySet<string>,
  titles: ReadonlySet<string>,
): string {
  const title = definition.name;
  if (!taken.has(title)) return title;
  const candidates = [
    definition.set ? `${title} (${definition.set})` : undefined,
    definition.set && definition.number ? `${title} (${definition.set} ${definition.number})` : undefined,
  ].filter((name): name is string => name !== undefined);
  for (const name of candidates) if (!taken.has(name) && !titles.has(name)) return name;
  for (let copy = 2; ; copy++) {
    const name = `${title} (${copy})`;
    if (!taken.has(name) && !titles.has(name)) return name;
  }
}
