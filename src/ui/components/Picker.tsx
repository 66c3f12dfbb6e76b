/**
 * A searchable picker: a button that opens a modal dialog holding a combobox (the search field)
 * and its listbox. Arrow keys move through the options, Enter picks, Escape closes, and focus
 * returns to the button. The dialog is native (`showModal`), so focus stays inside it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

export type PickerResults<T> =
  | { status: 'ready'; items: readonly T[]; note?: string; retry?: () => void }
  | { status: 'loading' }
  | { status: 'error'; message: string; retry?: () => void };

export interface PickerProps<T> {
  /** What the button chooses, e.g. "Asset to send"; read before the button's visible content. */
  buttonLabel: string;
  buttonContent: ComponentChildren;
  title: string;
  searchLabel: string;
  placeholder?: string;
  results: (query: string) => PickerResults<T>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ComponentChildren;
  onSelect: (item: T) => void;
  /** The selected item's key, marked in the list. */
  selectedKey?: string | null;
  disabled?: boolean;
  testId?: string;
  emptyText?: string;
  /** Called when the dialog opens (start loading what the list needs). */
  onOpen?: () => void;
}

export function Picker<T>(props: PickerProps<T>) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const results = open ? props.results(query) : null;
  const items = results?.status === 'ready' ? results.items : [];
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  // At commit, not after paint: keys typed right after opening must land in the search field.
  useLayoutEffect(() => {
    if (!open) return;
    if (!dialog.current?.open) dialog.current?.showModal();
    input.current?.focus();
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  // A new search starts at the first option. Reset in the same update, not in an effect after
  // paint: an arrow key pressed right after typing would otherwise be undone by the late reset.
  const search = (value: string) => {
    setQuery(value);
    setActive(0);
  };
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    setOpen(false);
    search('');
    button.current?.focus();
  };
  const pick = (item: T) => {
    props.onSelect(item);
    close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((a) => Math.min(last, a + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((a) => Math.max(0, a - 1));
        break;
      case 'PageDown':
        event.preventDefault();
        setActive((a) => Math.min(last, a + 8));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive((a) => Math.max(0, a - 8));
        break;
      case 'Enter': {
        event.preventDefault();
        const item = items[active];
        if (item !== undefined) pick(item);
        break;
      }
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        class="courier-picker-button"
        aria-haspopup="dialog"
        disabled={props.disabled}
        onClick={() => {
          props.onOpen?.();
          setOpen(true);
        }}
        data-testid={props.testId}
      >
        <span class="courier-visually-hidden">{props.buttonLabel}: </span>
        {props.buttonContent}
        <span class="courier-chevron" aria-hidden="true">▾</span>
      </button>
      <dialog
        ref={dialog}
        class="courier-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => open && close()}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClick={(e) => {
          if (e.target === dialog.current) close(); // a click on the backdrop
        }}
      >
        {open && (
          <div class="courier-dialog-body">
            <div class="courier-dialog-head">
              <h2 id={`${id}-title`}>{props.title}</h2>
              <button type="button" class="courier-button courier-small" onClick={close}>
                Close
              </button>
            </div>
            <input
              ref={input}
              class="courier-input"
              // Not type=search: there Escape clears the text instead of closing the dialog.
              type="text"
              role="combobox"
              aria-label={props.searchLabel}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
              placeholder={props.placeholder}
              value={query}
              autocomplete="off"
              spellcheck={false}
              onInput={(e) => search((e.target as HTMLInputElement).value)}
              onKeyDown={onKeyDown}
            />
            {results?.status === 'loading' && (
              <p class="courier-muted" role="status">
                Loading…
              </p>
            )}
            {results?.status === 'error' && (
              <div class="courier-error" role="alert">
                <p>{results.message}</p>
                {results.retry && (
                  <button type="button" class="courier-button courier-small" onClick={results.retry}>
                    Try again
                  </button>
                )}
              </div>
            )}
            {results?.status === 'ready' && results.note && (
              <p class="courier-muted" data-testid="picker-note">
                {results.note}
                {results.retry && (
                  <>
                    {' '}
                    <button type="button" class="courier-button courier-small" onClick={results.retry}>
                      Try again
                    </button>
                  </>
                )}
              </p>
            )}
            <ul id={listId} role="listbox" aria-label={props.title} class="courier-listbox">
              {items.map((item, i) => {
                const key = props.itemKey(item);
                return (
                  <li
                    key={key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    data-current={props.selectedKey === key ? 'true' : undefined}
                    class="courier-option"
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => pick(item)}
                  >
                    {props.renderItem(item)}
                  </li>
                );
              })}
            </ul>
            {results?.status === 'ready' && items.length === 0 && (
              <p class="courier-muted" role="status">
                {props.emptyText ?? 'Nothing matches.'}
              </p>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
