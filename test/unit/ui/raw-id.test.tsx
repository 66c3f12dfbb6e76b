/** A raw id (STATE_COMPLETED_SUCCESS) in a details line wraps only after an underscore, never inside a word. */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RawId } from '../../../src/ui/components/RawId';

describe('RawId', () => {
  it('keeps the id whole as text, with a break opportunity after each underscore and nowhere else', () => {
    const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
    Object.assign(globalThis, { window: dom.window, document: dom.document });
    const root = dom.document.getElementById('root')!;
    render(<RawId id="STATE_COMPLETED_SUCCESS" testId="raw" />, root);
    const code = root.querySelector('[data-testid="raw"]')!;
    expect(code.textContent).toBe('STATE_COMPLETED_SUCCESS');
    expect(code.getAttribute('class')).toBe('courier-raw-id');
    expect(code.innerHTML.replace(/<!--.*?-->/g, '')).toBe('STATE_<wbr>COMPLETED_<wbr>SUCCESS');
    render(null, root);
  });

  it('the stylesheet lets a raw id break only where it may (not break-all, as other code does)', () => {
    const css = readFileSync('src/ui/shared/theme.css', 'utf8');
    const rule = /code\.courier-raw-id\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/word-break:\s*normal/);
    expect(rule).not.toMatch(/break-all/);
  });
});
