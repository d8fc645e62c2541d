/**
 * The names nearest to one that is not known, for an error that helps ("Worff": did you mean Worf?).
 * A name that holds the one asked for (or is held by it) comes first ("Picard": Jean-Luc Picard), then
 * the fewest letters to change (Levenshtein distance), case aside.
 */
export function nearestNames(asked: string, names: Iterable<string>, count = 3): string[] {
  const wanted = asked.trim().toLowerCase();
  return [...new Set(names)]
    .map((name) => {
      const lower = name.toLowerCase();
      const holds = wanted.length > 0 && (lower.includes(wanted) || wanted.includes(lower));
      return { name, holds, distance: distance(wanted, lower) };
    })
    .sort(
      (a, b) => Number(b.holds) - Number(a.holds) || a.distance - b.distance || a.name.localeCompare(b.name),
    )
    .slice(0, count)
    .map((entry) => entry.name);
}

/** The Levenshtein distance: insertions, deletions and substitutions. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** "unknown card "Worff" (nearest: Worf, Wolf, Korf)" for each name not known, in one sentence. */
export function unknownNamesMessage(
  unknown: readonly string[],
  known: readonly string[],
  where: string,
): string {
  const each = unknown.map(
    (name) => `${JSON.stringify(name)} (nearest: ${nearestNames(name, known).join(', ') || 'none'})`,
  );
  return `unknown card${unknown.length === 1 ? '' : 's'}, not in ${where}: ${each.join('; ')}`;
}
