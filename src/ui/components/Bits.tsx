/** Small pieces: logos with a text fallback, copy buttons, JSON blocks, links. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { logoSource, webLink } from '../shared/safe-url';
import { useStore } from '../shared/store';
import { ensureLogoSetting, remoteLogos } from '../state/logos';

/**
 * A logo over the symbol's first letters: the letters show until the image has loaded, and stay
 * when it fails or never arrives (no network, a dead link), or when the source is not allowed
 * (safe-url.ts: https only, or Courier's own files; none remote when Settings turns them off).
 */
export function AssetLogo({ src: given, symbol, size = 24 }: { src: string | null | undefined; symbol: string; size?: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const remote = useStore(remoteLogos);
  useEffect(ensureLogoSetting, []);
  const src = logoSource(given, { remote: remote === true, ownOrigin: location.origin });
  useEffect(() => setState('loading'), [src]);
  const style = { width: `${size}px`, height: `${size}px` };
  return (
    <span class="courier-logo courier-logo-text" style={style} aria-hidden="true">
      {(symbol.replace(/[^A-Za-z0-9]/g, '') || '?').slice(0, 3).toUpperCase()}
      {src && state !== 'failed' && (
        <img
          class="courier-logo-img"
          data-loaded={state === 'loaded' ? 'true' : undefined}
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          referrerpolicy="no-referrer"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </span>
  );
}

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Fall back to a hidden textarea (clipboard permission can be missing in some contexts).
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Copies `text`; says "Copied" to screen readers and sighted users alike. */
export function CopyButton({ text, label, testId, visible = 'Copy' }: { text: string; label: string; testId?: string; visible?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    writeClipboard(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <span class="courier-copy">
      <button type="button" class="courier-button courier-small" onClick={copy} data-testid={testId}>
        {state === 'copied' ? 'Copied' : visible}
        <span class="courier-visually-hidden">: {label.replace(/^Copy /, '')}</span>
      </button>
      <span class="courier-visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}

/** Preformatted text in a focusable scroll area (keyboard users can scroll it too). */
export function CodeBlock({ text, label, copyText, testId }: { text: string; label: string; copyText?: string; testId?: string }) {
  return (
    <div class="courier-code">
      <div class="courier-code-head">
        <span class="courier-muted">{label}</span>
        <CopyButton text={copyText ?? text} label={`Copy ${label}`} />
      </div>
      <pre tabIndex={0} aria-label={label} data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}

/**
 * A link that opens in a new tab, only for http(s) addresses (safe-url.ts); anything else the
 * API sent (`javascript:`, `data:` …) shows as plain text.
 */
export function ExternalLink({ href: given, children, label }: { href: string; children: ComponentChildren; label?: string }) {
  const href = webLink(given);
  if (href === null) {
    return (
      <span class="courier-plain-link" data-testid="plain-link" title={`Not a web address, so not a link: ${given.slice(0, 200)}`}>
        {children}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}

/** A `<dl>` row. */
export function Row({ term, children, testId }: { term: ComponentChildren; children: ComponentChildren; testId?: string }) {
  return (
    <div class="courier-row" data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
