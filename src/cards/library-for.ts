import type { CardDefinitionInput } from '../model/card-definition.ts';
import { CardLibrary } from './library.ts';

// One library per list of client cards: the list is part of a game's state and never changes, so
// this is built once per game. A restored game's list is a new array (revived from JSON) with the
// same cards as many others (each battle of an odds run is a game restored from one position): those
// share a library too, found by the list's JSON text, in a cache of a few lists. Both drivers (the
// statecharts and the kernel) read a game's library through here.
const libraries = new WeakMap<readonly CardDefinitionInput[], CardLibrary>();
const librariesByText = new Map<string, CardLibrary>();
const MAX_LIBRARIES_BY_TEXT = 16;

/** The built-in library with a game's own card definitions added. */
export function libraryFor(customCards: readonly CardDefinitionInput[]): CardLibrary {
  let library = libraries.get(customCards);
  if (library) return library;
  const text = JSON.stringify(customCards);
  library = librariesByText.get(text);
  if (!library) {
    library = CardLibrary.builtIn().withDefinitions(customCards);
    if (librariesByText.size >= MAX_LIBRARIES_BY_TEXT) {
      librariesByText.delete(librariesByText.keys().next().value as string);
    }
    librariesByText.set(text, library);
  }
  libraries.set(customCards, library);
  return library;
}
