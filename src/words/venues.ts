/** Swap venues by name: the API's `osmosis-poolmanager` is "Osmosis" to a person. */

/** Venues whose name says the chain and an internal module, not a brand people know. */
const VENUE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'osmosis-poolmanager': 'Osmosis',
  'neutron-astroport': 'Astroport on Neutron',
  'neutron-duality': 'Duality on Neutron',
  'neutron-lido-satellite': 'Lido satellite on Neutron',
  'injective-astroport': 'Astroport on Injective',
  'injective-helix': 'Helix on Injective',
  'terra-astroport': 'Astroport on Terra',
  'sei-astroport': 'Astroport on Sei',
  'chihuahua-white-whale': 'White Whale on Chihuahua',
  'migaloo-white-whale': 'White Whale on Migaloo',
  'terra-white-whale': 'White Whale on Terra',
  'persistence-dexter': 'Dexter on Persistence',
  'pryzm-native': 'Pryzm',
});

const capital = (word: string) => (word === '' ? word : word[0]!.toUpperCase() + word.slice(1));

/**
 * A venue's name for people: the table above, else "<dex> on <chain>" from the API's
 * `<chain>-<dex>` form ("neutron-astroport" → "Astroport on Neutron"), else the name as given.
 */
export function venueName(name: string): string {
  if (Object.hasOwn(VENUE_NAMES, name)) return VENUE_NAMES[name]!;
  const match = /^([a-z0-9]+)-([a-z0-9-]+)$/.exec(name);
  if (!match) return name;
  const dex = match[2]!.split('-').map(capital).join(' ');
  return `${dex} on ${capital(match[1]!)}`;
}
