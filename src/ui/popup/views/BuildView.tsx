/** Build: one address per chain the route needs, then the transactions to sign. */
import { useMemo, useRef, useState } from 'preact/hooks';
import type { MsgsRequest } from '../../../api/schemas/route';
import { callApi } from '../../state/api';
import { CodeBlock, CopyButton, Row } from '../../components/Bits';
import { ErrorBox, Loading } from '../../components/Feedback';
import { FeeList } from '../../components/RouteParts';
import { addressHint, checkChainAddress } from '../../model/address-check';
import { makeResolver } from '../../model/resolver';
import { routeFees } from '../../model/route-model';
import { signWithinWords, transferTimeoutSeconds } from '../../model/fees';
import { decodedMemo, signableTxs, type SignableTx } from '../../model/tx-model';
import { gasWarningWords, type GasWarningWords } from '../../model/gas-warning';
import { useCatalog } from '../../state/catalog';
import { uiError } from '../../state/runtime';
import { addressBook } from '../../state/core-stores';
import { flow } from '../../state/stores';
import type { Catalog } from '../../../chains/catalog/catalog';
import type { UiError } from '../../shared/errors';
import { displayAmount, formatAgo } from '../../shared/format';
import { useStore } from '../../shared/store';
import { msgsRequestFor } from '../../../api/msgs-request';
import { blockingFindings, verifyMsgs, verifyOptionsFor } from '../../../verify';
import { VerifyVerdict } from '../../components/VerifyVerdict';
import { currentBaseUrl } from '../../state/runtime';
import { operationBridge, operationWrapper } from '../../../routes/operation';
import { amountInToken, nativeTokenOf } from '../../../words/amounts';
import { approvalWords } from '../../../words/approvals';

const STALE_MS = 2 * 60_000;

/** The bridges the route's operations of transaction `index` cross. */
function bridgesInTx(operations: readonly unknown[], index: number): string[] {
  const found: string[] = [];
  for (const op of operations) {
    const txIndex = (op as { tx_index?: unknown }).tx_index;
    const wrapper = operationWrapper(op);
    if (!wrapper || (typeof txIndex === 'number' && txIndex !== index)) continue;
    const bridge = operationBridge(wrapper.kind, wrapper.body);
    if (bridge !== null) found.push(bridge);
  }
  return found;
}
const KIND_WORDS: Record<SignableTx['kind'], string> = {
  cosmos_tx: 'Cosmos transaction',
  multi_chain_msg: 'Cosmos message',
  evm_tx: 'EVM transaction',
  svm_tx: 'Solana transaction',
  unknown: 'Unknown kind',
};

/** `locked`: Courier found problems the user has not accepted yet, so nothing can be copied or submitted. */
/** `bridges`: the bridge ids the route's operations in this transaction cross (names an approval's spender). */
function TxCard({ tx, total, catalog, locked, bridges }: { tx: SignableTx; total: number; catalog: Catalog | null; locked: boolean; bridges: readonly string[] }) {
  const chain = tx.chainId ? (catalog?.chainName(tx.chainId) ?? tx.chainId) : 'unknown chain';
  const titleId = `tx-${tx.index}-title`;
  // An EVM wallet broadcasts what it signs: the user comes back with a hash to track.
  const handOver: { words: string; params: Record<string, string> } =
    tx.kind === 'evm_tx' ? { words: 'Track it once sent', params: { mode: 'track' } } : { words: 'Submit it once signed', params: {} };
  return (
    <article class="courier-card courier-tx" aria-labelledby={titleId} data-testid="sign-tx" data-chain={tx.chainId ?? ''}>
      <fieldset class="courier-plain-fieldset" disabled={locked}>
      <h4 id={titleId}>
        Transaction {tx.index + 1} of {total} · {chain}
      </h4>
      <dl class="courier-kv">
        <Row term="Chain">
          {chain} {tx.chainId && <code>{tx.chainId}</code>}
        </Row>
        <Row term="Kind">{tx.kind === 'unknown' ? `Unknown transaction kind “${tx.rawKind}”` : KIND_WORDS[tx.kind]}</Row>
        {tx.signer && (
          <Row term="Signer">
            <code data-testid="tx-signer">{tx.signer}</code> <CopyButton text={tx.signer} label="Copy the signer address" />
          </Row>
        )}
        {tx.path.length > 1 && <Row term="Path">{tx.path.map((id) => catalog?.chainName(id) ?? id).join(' → ')}</Row>}
      </dl>
      {tx.messages.map((m, i) => {
        const memo = decodedMemo(m.json);
        return (
          <div key={i} class="courier-message">
            <CodeBlock text={m.pretty} copyText={m.json} label={`Message ${i + 1}: ${m.typeUrl}`} testId="tx-message" />
            <p class="courier-muted courier-small-text" data-testid="tx-message-type">
              {m.typeUrl}
            </p>
            {memo && (
              <details class="courier-details">
                <summary>Memo, decoded</summary>
                <CodeBlock text={memo} label={`Memo of message ${i + 1}`} />
              </details>
            )}
          </div>
        );
      })}
      {tx.evm && (
        <>
          {tx.evm.approvals.length > 0 && (
            <div class="courier-warning">
              <p class="courier-error-title">ERC-20 approvals to sign first</p>
              <ul>
                {tx.evm.approvals.map((a, i) => (
                  // the raw spender, token and base units stay readable: in the attributes and the details line
                  <li key={i} data-testid="erc20-approval" data-spender={a.spender} data-token={a.tokenContract} data-amount={a.amount}>
                    {approvalWords(a, tx.chainId, catalog, bridges)}
                    <details class="courier-details">
                      <summary>Details</summary>
                      <p class="courier-small-text">
                        Spender <code class="courier-raw-id">{a.spender}</code>, token <code class="courier-raw-id">{a.tokenContract}</code>, amount{' '}
                        <code class="courier-raw-id">{a.amount}</code> (base units)
                      </p>
                    </details>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <dl class="courier-kv">
            {tx.evm.to && (
              <Row term="To">
                <code>{tx.evm.to}</code>
              </Row>
            )}
            {tx.evm.value && (
              <Row term="Value">
                <span data-testid="tx-value" data-base-units={tx.evm.value}>
                  {amountInToken(tx.evm.value, nativeTokenOf(catalog, tx.chainId), { exact: true }) ?? `${tx.evm.value} (base units of the chain’s token)`}
                </span>
              </Row>
            )}
          </dl>
          {tx.evm.data && <CodeBlock text={tx.evm.data} label="Call data" />}
        </>
      )}
      {tx.svm?.tx && <CodeBlock text={tx.svm.tx} label="Transaction (base64)" />}
      {tx.kind === 'unknown' && <CodeBlock text={JSON.stringify(tx.raw, null, 2)} label="Transaction as received" />}
      <div class="courier-actions">
        <CopyButton text={JSON.stringify(tx.raw, null, 2)} label={`Copy transaction ${tx.index + 1} as JSON`} visible="Copy as JSON" />
        {tx.chainId &&
          (locked ? (
            <button type="button" class="courier-button" disabled>
              {handOver.words}
            </button>
          ) : (
            <a class="courier-button" href={`#/submit?${new URLSearchParams({ chain: tx.chainId, ...handOver.params }).toString()}`}>
              {handOver.words}
            </a>
          ))}
      </div>
      </fieldset>
    </article>
  );
}

function GasWarningBox({ words }: { words: GasWarningWords }) {
  return (
    <div class="courier-warning" role="alert" data-testid="gas-warning" data-type={words.type}>
      <p class="courier-error-title">{words.title}</p>
      {words.sentences.map((s, i) => (
        <p key={i}>{s}</p>
      ))}
      {words.serviceMessage && (
        <details class="courier-details">
          <summary>What the service said</summary>
          <p class="courier-wrap">{words.serviceMessage}</p>
        </details>
      )}
    </div>
  );
}

export default function BuildView() {
  const state = useStore(flow);
  const book = useStore(addressBook);
  const { catalog } = useCatalog();
  const [building, setBuilding] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [tried, setTried] = useState(false);
  const builtHeading = useRef<HTMLHeadingElement>(null);
  const [accepted, setAccepted] = useState<unknown>(null);

  const route = state.route;
  if (!route) {
    return (
      <section aria-labelledby="build-title" class="courier-view" data-testid="view-build">
        <h2 id="build-title">Addresses and transactions</h2>
        <p class="courier-muted">No route chosen yet.</p>
        <p>
          <a href="#/quote">Get a quote</a>
        </p>
      </section>
    );
  }

  const chains = route.required_chain_addresses;
  const addresses = chains.map((id) => book.byChain[id] ?? '');
  const verdicts = chains.map((id, i) => checkChainAddress(catalog, id, addresses[i]!));
  const allOk = catalog !== null && verdicts.every((v) => v.state === 'valid' || v.state === 'unchecked');
  const resolve = makeResolver(catalog, [state.source, state.dest]);
  const dest = state.dest ?? resolve(route.dest_asset_chain_id, route.dest_asset_denom);
  const msgs = state.msgs && JSON.stringify(state.builtFor) === JSON.stringify(addresses.map((a) => a.trim())) ? state.msgs : null;
  const stale = state.quotedAt !== null && Date.now() - state.quotedAt > STALE_MS;
  // gas warnings: an account on the route that cannot pay its fees is named before anything is signed
  const msgsBody = (list: string[]): MsgsRequest => ({
    ...msgsRequestFor(route, list, state.slippage),
    estimated_amount_out: route.estimated_amount_out,
    enable_gas_warnings: true,
  });

  const build = async () => {
    setTried(true);
    if (!allOk) {
      // After the re-render that marks the fields.
      setTimeout(() => document.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setBuilding(true);
    setError(null);
    const list = addresses.map((a) => a.trim());
    const body = msgsBody(list);
    try {
      const response = await callApi('msgs', body);
      flow.set((f) => ({ ...f, msgs: response, builtFor: list, builtAt: Date.now() }));
      // Take keyboard and screen-reader users to what was built.
      setTimeout(() => builtHeading.current?.focus(), 0);
    } catch (e) {
      setError(uiError(e));
    } finally {
      setBuilding(false);
    }
  };

  // Courier's own check of what the API built, against the route and the addresses given here
  const findings = useMemo(
    () =>
      msgs && state.builtFor
        ? verifyMsgs(
            msgsBody(state.builtFor) as Parameters<typeof verifyMsgs>[0],
            msgs,
            verifyOptionsFor(currentBaseUrl()),
          )
        : [],
    [msgs, route, state.builtFor, state.slippage],
  );
  const blocking = blockingFindings(findings).length > 0;
  // the confirmation holds for this answer only
  const locked = blocking && accepted !== msgs;
  const txs = msgs ? signableTxs(msgs) : [];
  // each fee once, matched against the route's operations: the msgs answer's estimated fees are the newer word
  const fees = routeFees(route, msgs?.estimated_fees?.length ? msgs.estimated_fees : undefined);
  const gas =
    msgs?.warning && state.builtFor
      ? gasWarningWords(msgs.warning, {
          chainName: (id) => catalog?.chainName(id) ?? id,
          feeSymbol: (id) => {
            const denom = catalog?.chain(id)?.feeDenoms[0];
            return denom ? resolve(id, denom).symbol : null;
          },
          dest: { chainId: route.dest_asset_chain_id, address: state.builtFor[state.builtFor.length - 1] ?? null },
          laterSigningChains: txs.slice(1).flatMap((t) => (t.chainId ? [t.chainId] : [])),
        })
      : null;
  // the timeout the transactions were built with (the request's timeout_seconds, else the API's 5 minutes)
  const timeoutSeconds = transferTimeoutSeconds(msgsBody(state.builtFor ?? addresses));

  return (
    <section aria-labelledby="build-title" class="courier-view" data-testid="view-build">
      <h2 id="build-title">Addresses and transactions</h2>
      {stale && (
        <div class="courier-note" role="note">
          This route was quoted {formatAgo(state.quotedAt!, Date.now())}. Prices move: <a href="#/quote">get a fresh quote</a> before signing.
        </div>
      )}
      {state.unsafeConfirmed && (
        <div class="courier-warning" role="note">
          You chose a route the service flagged as unsafe. Check the amounts before signing.
        </div>
      )}
      <form
        class="courier-form"
        onSubmit={(e) => {
          e.preventDefault();
          void build();
        }}
        noValidate
      >
        <fieldset class="courier-fieldset">
          <legend>An address on each chain of the route</legend>
          {chains.map((chainId, i) => {
            const v = verdicts[i]!;
            const id = `address-${i}`;
            const name = catalog?.chainName(chainId) ?? chainId;
            const showProblem = v.state === 'invalid' || (tried && v.state === 'empty');
            const first = i === 0;
            const last = i === chains.length - 1;
            const role = first && last ? 'sender and recipient' : first ? 'sender' : last ? 'recipient' : 'intermediate (refunds land here)';
            return (
              <div class="courier-field" key={`${chainId}-${i}`}>
                <label for={id}>
                  {name} address <span class="courier-muted courier-small-text">({role})</span>
                </label>
                <input
                  id={id}
                  class="courier-input courier-mono"
                  type="text"
                  autocomplete="off"
                  spellcheck={false}
                  value={addresses[i]}
                  placeholder={addressHint(catalog, chainId)}
                  aria-invalid={showProblem ? 'true' : undefined}
                  aria-describedby={`${id}-hint`}
                  data-chain={chainId}
                  onInput={(e) => {
                    const value = (e.target as HTMLInputElement).value;
                    addressBook.set((b) => ({ byChain: { ...b.byChain, [chainId]: value } }));
                  }}
                />
                <p id={`${id}-hint`} class={showProblem ? 'courier-problem' : 'courier-muted courier-small-text'}>
                  {v.state === 'invalid'
                    ? v.message
                    : v.state === 'empty'
                      ? tried
                        ? `Enter the ${name} address.`
                        : `Format: ${addressHint(catalog, chainId)}.`
                      : v.state === 'unchecked'
                        ? v.message
                        : 'Looks right. Remembered for this chain.'}
                </p>
              </div>
            );
          })}
        </fieldset>
        {catalog === null && <Loading active label="Loading chain formats…" />}
        <button type="submit" class="courier-button" data-variant="primary" disabled={building || catalog === null}>
          {msgs ? 'Build again' : 'Build transactions'}
        </button>
        <Loading active={building} label="Building the transactions…" inline />
      </form>

      {error && <ErrorBox error={error} onRetry={() => void build()} testId="build-error" />}

      {msgs && (
        <div class="courier-built" data-testid="built">
          <h3 ref={builtHeading} tabIndex={-1}>
            What you will sign
          </h3>
          {gas && <GasWarningBox words={gas} />}
          <VerifyVerdict findings={findings} blocking={blocking} accepted={!locked} onAccept={(yes) => setAccepted(yes ? msgs : null)} />
          <dl class="courier-kv courier-card">
            {msgs.min_amount_out && (
              <Row term="Minimum received" testId="min-amount-out">
                <strong>{displayAmount(msgs.min_amount_out, dest.decimals, dest.symbol, route.dest_asset_denom)}</strong>
              </Row>
            )}
            <Row term="Transactions">{txs.length}</Row>
          </dl>
          <p class="courier-note" role="note" data-testid="sign-within">
            <strong>{signWithinWords(timeoutSeconds)}</strong> of building them: their timeout is counted from then, and a transfer that times out
            is refunded, not delivered. Build again if you need longer.
          </p>
          <h4>Fees</h4>
          <FeeList fees={fees} resolve={resolve} />
          {txs.length > 1 && <p class="courier-note">Sign and submit them in order: each one starts where the previous one ends.</p>}
          {txs.map((tx) => (
            <TxCard key={tx.index} tx={tx} total={txs.length} catalog={catalog} locked={locked} bridges={route ? bridgesInTx(route.operations, tx.index) : []} />
          ))}
        </div>
      )}
    </section>
  );
}
