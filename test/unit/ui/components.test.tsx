/** Components rendered into linkedom: keyboard use of the picker, error details, delayed spinners. */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBox, Loading } from '../../../src/ui/components/Feedback';
import { Picker } from '../../../src/ui/components/Picker';
import { FeeList } from '../../../src/ui/components/RouteParts';
import { Fee } from '../../../src/api/schemas/common';
import { estimatedFeeLine } from '../../../src/ui/model/route-model';
import { unknownAsset } from '../../../src/ui/model/assets';
import type { UiError } from '../../../src/ui/shared/errors';

let window: Window & typeof globalThis;
let document: Document;
let root: HTMLElement;

beforeEach(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  window = dom.window as unknown as Window & typeof globalThis;
  document = dom.document as unknown as Document;
  Object.assign(globalThis, { window, document, requestAnimationFrame: (cb: () => void) => setTimeout(cb, 0) });
  // linkedom has no modal dialogs or scrolling
  const proto = (window as unknown as { HTMLElement: { prototype: Record<string, unknown> } }).HTMLElement.prototype;
  proto.showModal = function (this: HTMLElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLElement) {
    this.removeAttribute('open');
  };
  proto.scrollIntoView = () => undefined;
  root = document.getElementById('root')!;
});
afterEach(() => {
  render(null, root);
  vi.useRealTimers();
});

// linkedom has no KeyboardEvent: a keydown Event carrying `key` is what the handler reads.
const key = (target: Element, k: string) => {
  const event = new (window as any).Event('keydown', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'key', { value: k });
  target.dispatchEvent(event);
};

describe('Picker', () => {
  const fruits = ['apple', 'apricot', 'banana', 'cherry'];
  function mount(onSelect: (v: string) => void) {
    act(() => {
      render(
        <Picker<string>
          buttonLabel="Fruit"
          buttonContent={<span>Choose</span>}
          title="Pick a fruit"
          searchLabel="Search fruits"
          results={(q) => ({ status: 'ready', items: fruits.filter((f) => f.includes(q)) })}
          itemKey={(f) => f}
          renderItem={(f) => <span>{f}</span>}
          onSelect={onSelect}
          testId="fruit"
        />,
        root,
      );
    });
  }

  it('the button names what it picks, before what it shows', () => {
    mount(() => undefined);
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('Fruit: Choose▾');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('opens on the button, filters as you type, arrows move, Enter picks', async () => {
    const picked: string[] = [];
    mount((f) => picked.push(f));
    await act(async () => root.querySelector('button')!.click());
    const input = root.querySelector('input[role="combobox"]') as HTMLInputElement;
    expect(input).toBeTruthy();
    expect(input.getAttribute('aria-label')).toBe('Search fruits');
    await act(async () => {
      input.value = 'ap';
      input.dispatchEvent(new (window as any).Event('input', { bubbles: true }));
    });
    const options = () => [...root.querySelectorAll('[role="option"]')];
    expect(options().map((o) => o.textContent)).toEqual(['apple', 'apricot']);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await act(async () => key(input, 'ArrowDown'));
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await act(async () => key(input, 'ArrowDown')); // stays on the last
    await act(async () => key(input, 'Enter'));
    expect(picked).toEqual(['apricot']);
    expect(root.querySelector('[role="option"]')).toBeNull();
  });

  /** Opens the picker and enters `query`; and anything `then` does lands in the same batch. */
  async function openAndType(query: string, then: (input: HTMLInputElement) => void = () => undefined) {
    mount(() => undefined);
    await act(async () => root.querySelector('button')!.click());
    const input = root.querySelector('input[role="combobox"]') as HTMLInputElement;
    await act(async () => {
      input.value = query;
      input.dispatchEvent(new (window as any).Event('input', { bubbles: true }));
      then(input);
    });
  }

  it('an arrow key pressed right after typing is not undone by the new search', async () => {
    // One batch: the key arrives before the search's render has settled (a fast typist, a busy machine).
    await openAndType('ap', (input) => key(input, 'ArrowDown'));
    const options = [...root.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.textContent)).toEqual(['apple', 'apricot']);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('says when nothing matches', async () => {
    await openAndType('zzz');
    expect(root.textContent).toContain('Nothing matches.');
  });
});

describe('ErrorBox', () => {
  const error: UiError = {
    kind: 'validation',
    title: 'The routing service refused the request',
    explanation: 'Some of what was sent is not valid.',
    message: 'invalid amount_in',
    code: 3,
    httpStatus: 400,
    endpoint: '/v2/fungible/msgs',
    reason: null,
    retryAfterMs: null,
    retryable: false,
    action: null,
    minimum: null,
  };

  it('is an alert with the meaning first and the API’s message in the details', () => {
    act(() => render(<ErrorBox error={error} />, root));
    const box = root.querySelector('[role="alert"]')!;
    expect(box.querySelector('.courier-error-title')!.textContent).toBe('The routing service refused the request');
    expect(box.querySelector('details')!.textContent).toContain('invalid amount_in');
    expect(box.querySelector('details')!.textContent).toContain('400');
    expect(box.querySelector('button')).toBeNull(); // not retryable: no retry button
  });

  it('offers a retry when trying again can help', () => {
    const retry = vi.fn();
    act(() => render(<ErrorBox error={{ ...error, kind: 'network', retryable: true }} onRetry={retry} />, root));
    act(() => root.querySelector('button')!.click());
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('Loading', () => {
  it('shows nothing for the first 100 ms, then a spinner', async () => {
    vi.useFakeTimers();
    act(() => render(<Loading active label="Finding a route…" />, root));
    expect(root.textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(root.textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Finding a route…');
  });
});

describe('fees the API left blank', () => {
  it('say "fee unknown", never a zero, and the total leaves them out', () => {
    // As production sends them: amount and usd_amount blank, no origin asset.
    const blank = estimatedFeeLine(Fee.parse({ fee_type: 'SMART_RELAY', bridge_id: 'CCTP', amount: '', usd_amount: '', origin_asset: null }));
    const known = estimatedFeeLine(
      Fee.parse({ amount: '20000', usd_amount: '0.02', origin_asset: { denom: 'uusdc', chain_id: 'noble-1', symbol: 'USDC', decimals: 6 } }),
    );
    const noAsset = estimatedFeeLine(Fee.parse({ amount: '5000', origin_asset: null }));
    act(() => render(<FeeList fees={[blank, known, noAsset]} resolve={unknownAsset} />, root));
    const items = [...root.querySelectorAll('[data-testid="fees"] li')].map((li) => li.textContent ?? '');
    expect(items[0]).toContain('Smart relay fee · CCTP');
    expect(items[0]).toContain('fee unknown');
    expect(items[1]).toContain('0.02 USDC');
    expect(items[2]).toContain('5000 (base units, asset unknown)');
    expect(root.textContent).toContain('Fees in total ≈ $0.02');
  });
});
