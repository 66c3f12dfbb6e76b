/** The stores the first render needs, checked without zod (see quote-form.ts). */
import { UI_KEYS } from './keys';
import { persistedStore } from './persist';
import {
  AddressBookDecoder,
  defaultQuoteForm,
  NavDecoder,
  QuoteFormDecoder,
  RouteChoiceDecoder,
  type AddressBook,
  type NavState,
  type QuoteForm,
  type RouteChoice,
} from './quote-form';

export const quoteForm = persistedStore<QuoteForm>({
  key: UI_KEYS.quote,
  version: 1,
  schema: QuoteFormDecoder,
  defaults: defaultQuoteForm,
  area: 'local',
});

export const addressBook = persistedStore<AddressBook>({
  key: UI_KEYS.addresses,
  version: 1,
  schema: AddressBookDecoder,
  defaults: () => ({ byChain: {} }),
  area: 'local',
});

export const navState = persistedStore<NavState>({
  key: UI_KEYS.nav,
  version: 1,
  schema: NavDecoder,
  defaults: () => ({ last: '' }),
  area: 'local',
  debounceMs: 0,
});

/** The route picked among those found, kept with the question it answers (a popup closes at every click into the wallet). */
export const routeChoice = persistedStore<RouteChoice>({
  key: UI_KEYS.choice,
  version: 1,
  schema: RouteChoiceDecoder,
  defaults: () => null,
  area: 'local',
  debounceMs: 0,
});
