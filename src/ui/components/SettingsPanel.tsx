/** Settings, shared by the popup's Settings page and the options page. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { callBackground } from '../state/api';
import { hostPermissionPattern, hostPermissionRefusal } from '../../background/host-permission';
import type { ConnectedSiteView as ConnectedSite } from '../../background/protocol';
import type { SettingsView } from '../../background/settings-schema';
import { API_BASE_URLS, isLocalApiUrl, normaliseBaseUrl } from '../../config/api-url';
import { defaultApiBaseUrl } from '../../config/build';
import { describeError, type UiError } from '../shared/errors';
import { remoteLogos } from '../state/logos';
import { DelayedSkeleton, ErrorBox, InlineProblem, Loading } from './Feedback';

type Choice = 'default' | 'production' | 'development' | 'local' | 'custom';

const CHOICE_WORDS: Record<Exclude<Choice, 'default' | 'custom'>, string> = {
  production: 'Production',
  development: 'Development',
  local: 'Local service',
};

function ApiSection({ view, onView, inPopup }: { view: SettingsView; onView: (v: SettingsView) => void; inPopup: boolean }) {
  const initial: Choice = view.api.isBuildDefault ? 'default' : view.api.environment;
  const [choice, setChoice] = useState<Choice>(initial);
  const [url, setUrl] = useState(view.api.customUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setProblem(null);
    setError(null);
    setSaved(false);
    // The local service and custom URLs need the browser's permission for their host (production
    // builds list only the named https APIs); asked first, inside the click: the browser grants
    // permissions only during a user gesture.
    let target: string | null = null;
    if (choice === 'custom') {
      try {
        target = normaliseBaseUrl(url);
      } catch (e) {
        setProblem(e instanceof Error ? e.message : String(e));
        return;
      }
    } else if (choice === 'local') target = API_BASE_URLS.local;
    if (target !== null) {
      let granted = false;
      try {
        // A build whose default API is local holds the local hosts already (wxt.config.ts), and
        // they are not in its optional list; anything else is asked for, before any await.
        granted =
          (isLocalApiUrl(target) && isLocalApiUrl(defaultApiBaseUrl())) ||
          (await browser.permissions.request({ origins: [hostPermissionPattern(target)] }));
      } catch (e) {
        setProblem(`The browser could not ask for access: ${e instanceof Error ? e.message : String(e)}`);
        return;
      }
      if (!granted) {
        setProblem(hostPermissionRefusal(target));
        return;
      }
    }
    setBusy(true);
    try {
      const api = choice === 'custom' ? { environment: choice, url: target! } : { environment: choice };
      onView(await callBackground('courier:settings:update', { api }));
      setSaved(true);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };

  const radio = (value: Choice, label: string, detail: string) => (
    <label class="courier-radio-line">
      <input type="radio" name="api-env" checked={choice === value} onChange={() => setChoice(value)} /> {label} <span class="courier-muted courier-small-text">{detail}</span>
    </label>
  );

  return (
    <section aria-labelledby="api-title" class="courier-subview">
      <h3 id="api-title">Routing API</h3>
      <p class="courier-small-text">
        Now: <code data-testid="api-base-url">{view.api.baseUrl}</code>
        {view.api.isBuildDefault ? ' (this build’s default)' : ''}
      </p>
      {view.api.hostPermission === 'missing' && (
        <div class="courier-warning" role="alert">
          Courier is not allowed to reach this address yet. Choose it again below and allow access when the browser asks.
        </div>
      )}
      <form
        class="courier-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset class="courier-fieldset">
          <legend>Base URL</legend>
          {radio('default', 'Build default', '')}
          {(Object.keys(CHOICE_WORDS) as (keyof typeof CHOICE_WORDS)[]).map((k) => radio(k, CHOICE_WORDS[k], API_BASE_URLS[k]))}
          {radio('custom', 'Custom', '')}
          {choice === 'custom' && (
            <div class="courier-field">
              <label for="custom-url">Custom base URL</label>
              <input
                id="custom-url"
                class="courier-input courier-mono"
                type="url"
                placeholder="https://routing.example.com"
                value={url}
                aria-invalid={problem ? 'true' : undefined}
                aria-describedby={problem ? 'custom-url-problem' : 'custom-url-hint'}
                onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
              />
              {!problem && (
                <p id="custom-url-hint" class="courier-muted courier-small-text">
                  The browser asks you to allow Courier to reach this host. Use https://; plain http:// only to 127.0.0.1 or
                  localhost, or your API key would travel unencrypted.
                  {inPopup ? ' If the popup closes when it asks, use the settings page instead.' : ''}
                </p>
              )}
            </div>
          )}
          {problem && <InlineProblem id="custom-url-problem">{problem}</InlineProblem>}
        </fieldset>
        <button type="submit" class="courier-button" data-variant="primary" disabled={busy}>
          Save API address
        </button>
        <Loading active={busy} label="Saving…" inline />
        {saved && (
          <span class="courier-ok-text" role="status">
            {' '}
            Saved.
          </span>
        )}
      </form>
      {error && <ErrorBox error={error} />}
      {inPopup && (
        <p class="courier-small-text">
          <button type="button" class="courier-link-button" onClick={() => void browser.runtime.openOptionsPage()}>
            Open the settings page
          </button>
        </p>
      )}
    </section>
  );
}

function KeySection({ view, onView }: { view: SettingsView; onView: (v: SettingsView) => void }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    setProblem(null);
    setDone(null);
    const trimmed = key.trim();
    if (!trimmed) return setProblem('Paste the API key.');
    if (!/^[\x21-\x7e]+$/.test(trimmed)) return setProblem('The API key may contain only visible ASCII characters, without spaces.');
    setBusy(true);
    try {
      onView(await callBackground('courier:settings:setKey', { apiKey: trimmed }));
      setKey('');
      setDone('Key saved.');
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      onView(await callBackground('courier:settings:removeKey', {}));
      setDone('Key removed.');
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="key-title" class="courier-subview">
      <h3 id="key-title">API key</h3>
      <p data-testid="key-status">
        {view.key.hasKey
          ? view.key.keyLast4
            ? `A key ending in ••••${view.key.keyLast4} is set.`
            : 'A key is set.'
          : 'No key: Courier shares the public rate limit with everyone without one.'}
      </p>
      {view.keyProtection !== 'trusted-contexts' && (
        <p class="courier-muted courier-small-text">
          {view.keyProtection === 'extension-pages'
            ? 'In this browser the key is kept in Courier’s own database, which only Courier’s pages and background can open (never web pages or content scripts).'
            : view.keyProtection === 'extension-contexts'
              ? 'In this browser the key is readable by Courier’s own extension pages and scripts (never by web pages).'
              : 'Courier could not confirm how this browser protects stored data.'}
        </p>
      )}
      <form
        class="courier-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div class="courier-field">
          <label for="api-key">{view.key.hasKey ? 'Replace the key' : 'Add a key'}</label>
          <input
            id="api-key"
            class="courier-input courier-mono"
            type="password"
            autocomplete="off"
            spellcheck={false}
            value={key}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'api-key-problem' : 'api-key-hint'}
            onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          />
          {problem ? (
            <InlineProblem id="api-key-problem">{problem}</InlineProblem>
          ) : (
            <p id="api-key-hint" class="courier-muted courier-small-text">
              Stored by Courier’s background only and sent only to the routing API. It is never shown again.
            </p>
          )}
        </div>
        <div class="courier-actions">
          <button type="submit" class="courier-button" data-variant="primary" disabled={busy}>
            Save key
          </button>
          {view.key.hasKey && (
            <button type="button" class="courier-button" onClick={() => void remove()} disabled={busy}>
              Remove key
            </button>
          )}
          <Loading active={busy} label="Saving…" inline />
          {done && (
            <span class="courier-ok-text" role="status">
              {done}
            </span>
          )}
        </div>
      </form>
      {error && <ErrorBox error={error} />}
    </section>
  );
}

/** A checkbox bound to one boolean setting: shown at once, put back if the background refuses. */
function SettingToggle({
  view,
  onView,
  name,
  label,
}: {
  view: SettingsView;
  onView: (v: SettingsView) => void;
  name: 'notifications' | 'remoteLogos';
  label: string;
}) {
  const [error, setError] = useState<UiError | null>(null);
  const [shown, setShown] = useState(view[name]);
  useEffect(() => setShown(view[name]), [view[name]]);
  const toggle = async (on: boolean) => {
    setShown(on);
    setError(null);
    try {
      onView(await callBackground('courier:settings:update', { [name]: on }));
    } catch (e) {
      setShown(!on);
      setError(describeError(e));
    }
  };
  return (
    <>
      <label class="courier-check-line">
        <input type="checkbox" checked={shown} onChange={(e) => void toggle((e.target as HTMLInputElement).checked)} /> {label}
      </label>
      {error && <ErrorBox error={error} />}
    </>
  );
}

function NotificationsSection(props: { view: SettingsView; onView: (v: SettingsView) => void }) {
  return (
    <section aria-labelledby="notif-title" class="courier-subview">
      <h3 id="notif-title">Notifications</h3>
      <SettingToggle {...props} name="notifications" label="Tell me when a transfer finishes" />
    </section>
  );
}

function LogosSection(props: { view: SettingsView; onView: (v: SettingsView) => void }) {
  return (
    <section aria-labelledby="logos-title" class="courier-subview">
      <h3 id="logos-title">Logos</h3>
      <SettingToggle {...props} name="remoteLogos" label="Show token and chain logos from the internet" />
      <p class="courier-muted courier-small-text">
        Logos load only over https, from the addresses the routing API and the chain registry give. Off: no request leaves
        for a logo, and symbols show instead.
      </p>
    </section>
  );
}

function SitesSection() {
  const [sites, setSites] = useState<ConnectedSite[] | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = () => {
    setError(null);
    callBackground('courier:sites:list', {}).then(
      ({ sites: list }) => setSites([...list].sort((a, b) => b.connectedAt - a.connectedAt)),
      (e: unknown) => setError(describeError(e)),
    );
  };
  useEffect(load, []);
  const revoke = async (origin: string) => {
    setBusy(origin);
    setError(null);
    try {
      await callBackground('courier:sites:revoke', { origin });
      setSites((list) => (list ?? []).filter((s) => s.origin !== origin));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="sites-title" class="courier-subview">
      <h3 id="sites-title">Connected sites</h3>
      {sites === null && !error && <DelayedSkeleton active lines={2} label="Loading connected sites" />}
      {error && <ErrorBox error={error} onRetry={load} />}
      {sites && sites.length === 0 && <p class="courier-muted">No site is connected. Sites ask to connect through window.courier.</p>}
      {sites && sites.length > 0 && (
        <ul class="courier-sites" data-testid="sites">
          {sites.map((s) => (
            <li key={s.origin}>
              <span>
                <code>{s.origin}</code>
                <span class="courier-muted courier-small-text"> since {new Date(s.connectedAt).toLocaleString()}</span>
              </span>
              <button type="button" class="courier-button courier-small" disabled={busy !== null} onClick={() => void revoke(s.origin)}>
                Revoke<span class="courier-visually-hidden"> {s.origin}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SettingsPanel({ inPopup, onApiChange }: { inPopup: boolean; onApiChange?: () => void }) {
  const [view, setView] = useState<SettingsView | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const show = (next: SettingsView) => {
    setView(next);
    remoteLogos.set(next.remoteLogos);
  };
  const load = () => {
    setError(null);
    callBackground('courier:settings:get', {}).then(show, (e: unknown) => setError(describeError(e)));
  };
  useEffect(load, []);
  return (
    <div class="courier-settings" data-testid="settings">
      {!view && !error && <DelayedSkeleton active lines={6} label="Loading settings" />}
      {error && <ErrorBox error={error} onRetry={load} />}
      {view && (
        <>
          <ApiSection
            view={view}
            onView={(next) => {
              show(next);
              onApiChange?.();
            }}
            inPopup={inPopup}
          />
          <KeySection view={view} onView={show} />
          <NotificationsSection view={view} onView={show} />
          <LogosSection view={view} onView={show} />
          <SitesSection />
        </>
      )}
    </div>
  );
}
