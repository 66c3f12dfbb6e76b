/** The stores the first render needs, checked without zod (see quote-form.ts). */
import { UI_KEYS } from './keys';
import { persistedStore } from './persist';
import {
  AddressBookDecoder,
  defaultQuoteForm,
  NavDecoder,
  QuoteFormDecoder,
  type AddressBook,
  type NavState,
  type QuoteForm,
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
