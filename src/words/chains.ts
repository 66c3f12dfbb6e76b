/** Chain names from the catalog, everywhere a person reads: "Noble", never "noble-1". */
import type { ChainFacts } from './amounts';

/** The catalog's name; a chain it does not know is "an unknown chain" (an id is not a name). */
export function chainName(facts: Pick<ChainFacts, 'chain'> | null | undefined, id: string | null | undefined): string {
  return (id ? facts?.chain(id)?.name : undefined) ?? 'an unknown chain';
}
