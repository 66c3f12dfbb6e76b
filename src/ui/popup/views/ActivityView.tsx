/** Activity: tracked transactions, newest first; `#/activity/<id>` shows one with its hops. */
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '../../state/api';
import type { CompactHop, TrackedTx } from '../../../background/tracker/model';
import type { Catalog } from '../../../chains/catalog/catalog';
import { trustedBridgeTrackerLink, trustedExplorerLink } from '../../../chains/explorer';
import { ExternalLink } from '../../components/Bits';
import { DelayedSkeleton, ErrorBox, Loading } from '../../components/Feedback';
import {
  allHops,
  API_SAYS,
  apiErrorMessage,
  canCheckNow,
  canRetry,
  errorInWords,
  estimateWords,
  HOP_OUTCOME_WORDS,
  hopKindWords,
  outcomeWords,
  shownHopOutcome,
  releaseOf,
  roleWords,
  serviceStateWords,
  timing,
} from '../../model/activity-model';
import { blockingWords, hopStateWords, type HopWordsContext } from '../../../background/tracker/hop-words';
import { waitingOnIndex } from '../../../background/tracker/hop-progress';
import { makeResolver, type Resolver } from '../../model/resolver';
import { useCatalog } from '../../state/catalog';
import { activity, loadActivity, uiError, upsertTracked } from '../../state/runtime';
import type { UiError } from '../../shared/errors';
import { displayAmount, formatAgo, formatDuration, shortHash } from '../../shared/format';
import { useStore } from '../../shared/store';
import { navigate } from '../routes';
import { RawId } from '../../components/RawId';
import { addressBook, quoteForm } from '../../state/core-stores';
import { fromBaseUnits } from '../../../chains/amounts';
import { fundsWords } from '../../../words/funds';
import type { ViewProps } from '../view-props';

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function chainLabel(catalog: Catalog | null, id: string | null | undefined): string {
  return id ? (catalog?.chainName(id) ?? id) : 'unknown chain';
}

/** "1.5 ATOM → 22.7 OSMO", from the route the user built, or the hash when nothing is known. */
function whatMoved(item: TrackedTx, resolve: Resolver): string | null {
  const r = item.route;
  if (!r) return null;
  const src = r.source ?? resolve(r.sourceChainId, r.sourceDenom);
  const dst = r.dest ?? resolve(r.destChainId, r.destDenom);
  return `${displayAmount(r.amountIn, src.decimals, src.symbol, r.sourceDenom)} → ${displayAmount(r.amountOut, dst.decimals, dst.symbol, r.destDenom)}`;
}

/** A transfer that did not arrive is not timed against its estimate ("took 3 s · estimate 30 s" says nothing then). */
function timed(item: TrackedTx): boolean {
  return item.outcome !== 'failure' && item.outcome !== 'abandoned' && item.outcome !== 'expired';
}

function TimingText({ item, now }: { item: TrackedTx; now: number }) {
  if (!timed(item)) return null;
  const t = timing(item, now);
  const running = item.phase === 'pending';
  const estimate = estimateWords(t, formatDuration);
  return (
    <span class={t.late && running ? 'courier-late' : undefined} data-testid="timing">
      {running ? 'Running for' : 'Took'} {formatDuration(t.elapsedSeconds)} · {estimate}
      {t.late && running ? ' · taking longer than estimated' : ''}
    </span>
  );
}

function OutcomeBadge({ outcome }: { outcome: string }) {
  return (
    <span class="courier-state" data-outcome={outcome} data-testid="outcome">
      {outcomeWords(outcome)}
    </span>
  );
}

/** CSV and JSON of every transfer listed, for accounting; the export code loads on the first click. */
function ExportButtons({ items, catalog }: { items: readonly TrackedTx[]; catalog: Catalog | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const save = async (kind: 'csv' | 'json') => {
    setFailed(null);
    try {
      const m = await import('../../export/activity-export');
      const text = kind === 'csv' ? m.activityCsv(items, catalog) : m.activityJson(items, catalog);
      m.downloadText(text, m.exportFileName(kind), kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div class="courier-actions" role="group" aria-label="Export activity" data-testid="activity-export">
      <button type="button" class="courier-button" onClick={() => void save('csv')}>
        Export CSV
      </button>
      <button type="button" class="courier-button" onClick={() => void save('json')}>
        Export JSON
      </button>
      {failed && (
        <p class="courier-error" role="alert">
          The export failed: {failed}
        </p>
      )}
    </div>
  );
}

function ActivityList() {
  const state = useStore(activity);
  const { catalog } = useCatalog();
  const items = state.status === 'ready' ? state.value : [];
  const now = useNow(items.some((i) => i.phase === 'pending'));
  const resolve = makeResolver(catalog);
  return (
    <section aria-labelledby="activity-title" class="courier-view" data-testid="view-activity">
      <h2 id="activity-title">Activity</h2>
      {state.status === 'loading' && <DelayedSkeleton active lines={4} label="Loading activity" />}
      {state.status === 'error' && <ErrorBox error={state.error} onRetry={() => void loadActivity()} />}
      {state.status === 'ready' && items.length === 0 && (
        <p class="courier-muted">
          Nothing tracked yet. Transactions you <a href="#/submit">submit or track</a>, and those sites submit through Courier, appear here.
        </p>
      )}
      {items.length > 0 && <ExportButtons items={items} catalog={catalog} />}
      {items.length > 0 && (
        <ul class="courier-activity" aria-label="Tracked transactions">
          {items.map((item) => (
            <li key={item.id} data-testid="activity-item" data-outcome={item.outcome} data-id={item.id}>
              <a href={`#/activity/${encodeURIComponent(item.id)}`} class="courier-activity-link">
                <span class="courier-activity-top">
                  <OutcomeBadge outcome={item.outcome} />
                  <span class="courier-muted courier-small-text">{formatAgo(item.createdAt, now)}</span>
                </span>
                <span class="courier-activity-what">{whatMoved(item, resolve) ?? `Transaction ${shortHash(item.txHash)}`}</span>
                <span class="courier-muted courier-small-text">
                  {item.route
                    ? `${chainLabel(catalog, item.route.sourceChainId)} → ${chainLabel(catalog, item.route.destChainId)}`
                    : chainLabel(catalog, item.chainId)}
                  {timed(item) && ' · '}
                  <TimingText item={item} now={now} />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HopTxs({ hop, catalog }: { hop: CompactHop; catalog: Catalog | null }) {
  if (hop.txs.length === 0) return null;
  return (
    <ul class="courier-hop-txs">
      {hop.txs.map((tx, i) => {
        // The API's link only on the chain's own explorer; else the registry's, else plain text.
        const link = trustedExplorerLink(catalog, tx.chain_id, tx.tx_hash, tx.explorer_link);
        return (
          <li key={i} data-role={tx.role}>
            <span>{roleWords(tx.role)}</span>
            {tx.chain_id && <span class="courier-muted"> on {chainLabel(catalog, tx.chain_id)}</span>}
            {tx.tx_hash &&
              (link ? (
                <>
                  {' · '}
                  <ExternalLink href={link} label={`${roleWords(tx.role)} transaction ${shortHash(tx.tx_hash)} in the explorer`}>
                    {shortHash(tx.tx_hash)}
                  </ExternalLink>
                </>
              ) : (
                <code> {shortHash(tx.tx_hash)}</code>
              ))}
          </li>
        );
      })}
    </ul>
  );
}

/** The bridge's own tracker page, or the words alone when the API's link points anywhere else. */
function BridgeTracker({ kind, link }: { kind: string; link: string }) {
  const href = trustedBridgeTrackerLink(kind, link);
  if (href) return <ExternalLink href={href}>Bridge tracker</ExternalLink>;
  return (
    <span class="courier-plain-link" data-testid="plain-link" title="Not the bridge's own tracker, so not a link">
      Bridge tracker
    </span>
  );
}

/** Back to the quote form with this transfer's assets and amount, for a fresh route. */
function rebuild(item: TrackedTx, resolve: Resolver): void {
  const r = item.route;
  if (!r) return;
  const source = resolve(r.sourceChainId, r.sourceDenom);
  const dest = resolve(r.destChainId, r.destDenom);
  const decimals = r.source?.decimals ?? source.decimals;
  quoteForm.set((f) => ({ ...f, source, dest, direction: 'in', amount: decimals === null || !/^[0-9]{1,78}$/.test(r.amountIn) ? f.amount : fromBaseUnits(r.amountIn, decimals) }));
  navigate({ name: 'quote' });
}

function ActivityDetail({ id }: { id: string }) {
  const list = useStore(activity);
  const book = useStore(addressBook);
  const { catalog } = useCatalog();
  const [fetched, setFetched] = useState<{ item: TrackedTx } | { error: UiError } | null>(null);
  const [busy, setBusy] = useState<'retry' | 'check' | 'remove' | null>(null);
  const [actionError, setActionError] = useState<UiError | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const fromList = list.status === 'ready' ? list.value.find((i) => i.id === id) : undefined;
  useEffect(() => {
    if (fromList || list.status === 'loading') return;
    callBackground('courier:tx:get', { id }).then(
      (item) => setFetched({ item }),
      (error: unknown) => setFetched({ error: uiError(error) }),
    );
  }, [id, fromList === undefined, list.status]);

  const item = fromList ?? (fetched && 'item' in fetched ? fetched.item : undefined);
  const now = useNow(item?.phase === 'pending');
  // an unknown state's raw id is in the hop's Details, not in its sentence
  const words: HopWordsContext = { chain: (id) => chainLabel(catalog, id), hideUnknownState: true, ...(item ? { sentAt: item.createdAt, succeeded: item.outcome === 'success' } : {}), now };

  const header = (
    <p>
      <a href="#/activity">All activity</a>
    </p>
  );
  if (!item) {
    return (
      <section aria-labelledby="tx-title" class="courier-view" data-testid="view-activity-detail">
        <h2 id="tx-title">Transaction</h2>
        {header}
        {fetched && 'error' in fetched ? <ErrorBox error={fetched.error} /> : <DelayedSkeleton active lines={5} label="Loading the transaction" />}
      </section>
    );
  }

  const resolve = makeResolver(catalog);
  const moved = whatMoved(item, resolve);
  const problem = errorInWords(item);
  const apiSays = problem && (item.outcome === 'failure' || item.outcome === 'failing' || item.outcome === 'abandoned') ? apiErrorMessage(item) : null;
  const release = releaseOf(item);
  const hops = allHops(item);
  const releaseAsset = release?.chain_id && release.denom ? resolve(release.chain_id, release.denom) : null;
  const explorer = trustedExplorerLink(catalog, item.chainId, item.txHash, item.explorerLink);
  const funds = fundsWords(item, { facts: catalog, addressOn: (chainId) => book.byChain[chainId] ?? null });

  const poll = async (kind: 'retry' | 'check') => {
    setBusy(kind);
    setActionError(null);
    try {
      upsertTracked(await callBackground(kind === 'retry' ? 'courier:tx:retry' : 'courier:tx:check', { id: item.id }));
    } catch (e) {
      setActionError(uiError(e));
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('remove');
    setActionError(null);
    try {
      await callBackground('courier:tx:remove', { id: item.id });
      const current = activity.get();
      if (current.status === 'ready') activity.set({ status: 'ready', value: current.value.filter((i) => i.id !== item.id) });
      navigate({ name: 'activity' });
    } catch (e) {
      setActionError(uiError(e));
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="tx-title" class="courier-view" data-testid="view-activity-detail" data-outcome={item.outcome}>
      <h2 id="tx-title">{moved ?? `Transaction ${shortHash(item.txHash)}`}</h2>
      {header}
      <div class="courier-card">
        <p class="courier-activity-top">
          <OutcomeBadge outcome={item.outcome} />
          <TimingText item={item} now={now} />
        </p>
        {item.state && (
          <p class="courier-muted courier-small-text" data-testid="service-state">
            Service state: {serviceStateWords(item.state)}
          </p>
        )}
        {/* the raw id in a details line (with a problem, it is in the problem's Details) */}
        {item.state && !problem && (
          <details class="courier-details">
            <summary>Details</summary>
            <p class="courier-small-text">
              Service state <RawId id={item.state} testId="service-state-id" />
            </p>
          </details>
        )}
        <p class="courier-small-text">
          {chainLabel(catalog, item.chainId)} ·{' '}
          {explorer ? (
            <ExternalLink href={explorer} label={`Transaction ${shortHash(item.txHash)} in the explorer`}>
              {shortHash(item.txHash)}
            </ExternalLink>
          ) : (
            <code>{item.txHash}</code>
          )}
          {item.via === 'track' ? ' · tracked' : ' · submitted'}
          {item.requester.kind === 'origin' ? ` by ${item.requester.origin}` : ''}
        </p>
        {item.phase === 'pending' && item.lastStatus === null && <Loading active label="Waiting for the first status…" />}
      </div>

      {problem && (
        <div class={funds && item.outcome !== 'expired' ? 'courier-error' : 'courier-warning'} role="alert" data-testid="activity-problem" data-action={funds?.action ?? ''}>
          {/* where the money is, in Courier's words, first; then what to do */}
          <p data-testid="funds-words">{funds ? funds.sentence : problem}</p>
          {funds && (
            <div class="courier-actions">
              {funds.action === 'rebuild' && item.route && (
                <button type="button" class="courier-button" data-variant="primary" onClick={() => rebuild(item, resolve)}>
                  Rebuild with a fresh quote
                </button>
              )}
              {funds.action === 'retry' && canRetry(item) && (
                <button type="button" class="courier-button" data-variant="primary" onClick={() => void poll('retry')} disabled={busy !== null}>
                  Retry
                </button>
              )}
              {explorer && (
                <ExternalLink href={explorer} label={`Open in explorer: transaction ${shortHash(item.txHash)}`}>
                  Open in explorer
                </ExternalLink>
              )}
            </div>
          )}
          {/* the chain's and the API's own words only under Details: as text, under the API's name */}
          <details class="courier-details" data-testid="problem-details">
            <summary>Details</summary>
            {funds && <p class="courier-small-text">{problem}</p>}
            {item.state && (
              <p class="courier-small-text">
                Service state <RawId id={item.state} testId="service-state-id" />
              </p>
            )}
            {apiSays && (
              <p class="courier-small-text" data-testid="api-says">
                {API_SAYS}
                <q data-testid="api-message">{apiSays}</q>
              </p>
            )}
          </details>
        </div>
      )}

      {release && (release.chain_id || release.denom) && (
        <p class="courier-note" data-testid="release">
          {release.released === false ? 'Funds will be released on ' : 'Funds released on '}
          <strong>{chainLabel(catalog, release.chain_id)}</strong>
          {releaseAsset && (
            <>
              {' as '}
              {release.amount ? displayAmount(release.amount, releaseAsset.decimals, releaseAsset.symbol, releaseAsset.denom) : releaseAsset.symbol}
            </>
          )}
          .
        </p>
      )}

      <h3>Hops</h3>
      {hops.length === 0 ? (
        <p class="courier-muted">{item.lastStatus ? 'The service reported no transfers.' : 'No status yet.'}</p>
      ) : (
        hops.map(({ transfer, transferIndex, hops: list }) => (
          <div key={transferIndex} class="courier-transfer">
            {hops.length > 1 && <h4>Transfer {transferIndex + 1}</h4>}
            <ol class="courier-timeline" aria-label={`Hops of transfer ${transferIndex + 1}`} data-testid="hops">
              {list.map((hop, i) => {
                const kind = hopKindWords(hop.kind);
                const blocking = item.phase === 'pending' && waitingOnIndex(transfer) === i;
                return (
                  <li key={i} class="courier-hop" data-outcome={shownHopOutcome(hop, item.outcome)} data-kind={hop.kind} data-testid="hop">
                    <span class="courier-hop-dot" aria-hidden="true" />
                    <p>
                      <strong>{kind.label}</strong>: {chainLabel(catalog, hop.from_chain_id)} <span aria-hidden="true">→</span>
                      <span class="courier-visually-hidden"> to </span> {chainLabel(catalog, hop.to_chain_id)}
                    </p>
                    <p class="courier-small-text">
                      <span class="courier-hop-state" data-testid="hop-words">
                        {hop.state ? hopStateWords(hop, words) : HOP_OUTCOME_WORDS[shownHopOutcome(hop, item.outcome)]}
                      </span>
                      {blocking && <span class="courier-late" data-testid="hop-blocking"> · {blockingWords(hop, words)}</span>}
                    </p>
                    <HopTxs hop={hop} catalog={catalog} />
                    {hop.link && <BridgeTracker kind={hop.kind} link={hop.link} />}
                    {(hop.state || hop.error) && (
                      <details class="courier-details">
                        <summary>Details</summary>
                        {hop.state && (
                          <p class="courier-small-text">
                            State <RawId id={hop.state} testId="hop-state-id" />
                          </p>
                        )}
                        {hop.error && (
                          <p class="courier-problem" data-testid="hop-api-says">
                            {API_SAYS}
                            <q>{hop.error}</q>
                          </p>
                        )}
                      </details>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        ))
      )}

      {actionError && <ErrorBox error={actionError} />}
      <div class="courier-actions">
        {canRetry(item) && funds?.action !== 'retry' && (
          <button type="button" class="courier-button" onClick={() => void poll('retry')} disabled={busy !== null}>
            Retry tracking
          </button>
        )}
        {canCheckNow(item, now) && (
          <button type="button" class="courier-button" onClick={() => void poll('check')} disabled={busy !== null}>
            Check now
          </button>
        )}
        {!confirmRemove ? (
          <button type="button" class="courier-button" onClick={() => setConfirmRemove(true)} disabled={busy !== null}>
            Remove
          </button>
        ) : (
          <span class="courier-confirm" role="group" aria-label="Confirm removal">
            <span>Stop tracking and forget this transaction?</span>
            <button type="button" class="courier-button" data-variant="danger" onClick={() => void remove()} disabled={busy !== null}>
              Yes, remove
            </button>
            <button type="button" class="courier-button" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </span>
        )}
        <Loading active={busy !== null} label={busy === 'retry' ? 'Retrying…' : busy === 'check' ? 'Checking…' : 'Removing…'} inline />
      </div>
      {item.lastCheckedAt && (
        <p class="courier-muted courier-small-text">
          Last checked {formatAgo(item.lastCheckedAt, now)}
          {item.nextPollAt && item.phase === 'pending' ? `; next check ${item.nextPollAt <= now ? 'now' : `in ${formatDuration((item.nextPollAt - now) / 1000)}`}` : ''}.
        </p>
      )}
    </section>
  );
}

export default function ActivityView({ route }: ViewProps) {
  return route.id ? <ActivityDetail id={route.id} /> : <ActivityList />;
}
