/**
 * Child process of the transfers bench (run with --expose-gc): N one-hop transfers signed by the
 * ten dev accounts, submitted over HTTP while simulated time stands still, then run at maximum
 * speed. Prints one JSON line with the figures.
 */
import { msgFromApi, signTx } from '../support/dev-wallet';
import { startService } from '../support/service';
import { feeFor, msgsFor, route } from '../support/wallet-flow';

const N = Number(process.argv[2] ?? 10_000);
const MAX_SPEED = 100_000;
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};

const service = await startService({ speed: 0 }, { validateResponses: false });
const world = service.app.world;
const request = {
  source_asset_denom: 'uosmo',
  source_asset_chain_id: 'osmosis-1',
  dest_asset_denom: world.canonicalDenomOn('osmosis-1', 'uosmo', 'cosmoshub-4')!,
  dest_asset_chain_id: 'cosmoshub-4',
  amount_in: '1000',
};
const r = await route(service, request);
const fee = feeFor(service, 'osmosis-1');

// Every account's msgs before any signing: signing runs for seconds without letting the event
// loop see the service close an idle keep-alive socket, and a request on it would then fail
// (ECONNRESET) on a loaded machine.
const msgsByAccount = [];
for (let index = 0; index < 10; index++) {
  const addresses = Object.fromEntries(r.required_chain_addresses.map((c) => [c, service.app.chains.devAddress(c, index)]));
  msgsByAccount.push(await msgsFor(service, request, r, addresses));
}

// Sign everything first: a wallet's cost, not the service's.
const signStarted = performance.now();
const signed: string[] = [];
for (let index = 0; index < 10; index++) {
  const msgs = msgsByAccount[index]!;
  const tx = (msgs.txs![0] as { cosmos_tx: { msgs: { msg: string; msg_type_url: string }[] } }).cosmos_tx;
  const encoded = tx.msgs.map(msgFromApi);
  const acct = service.app.chains.account('osmosis-1', service.app.chains.devAddress('osmosis-1', index))!;
  for (let i = index; i < N; i += 10) {
    signed[i] = await signTx({
      chainId: 'osmosis-1',
      accountNumber: acct.account_number,
      sequence: BigInt(acct.sequence) + BigInt(Math.floor(i / 10)),
      msgs: encoded,
      fee,
      account: index,
    });
  }
}
const signMs = performance.now() - signStarted;

let acked = 0;
let failed = 0;
service.app.chains.subscribe((event) => {
  if (event.type === 'ack') {
    if (event.ok) acked++;
    else failed++;
  }
});

// let the event loop drop the sockets the service closed while signing ran
await new Promise((resolve) => setTimeout(resolve, 50));
const before = heap();
const submitStarted = performance.now();
for (let i = 0; i < N; i += 50) {
  await Promise.all(
    signed.slice(i, i + 50).map(async (tx) => {
      const res = await service.post('/v2/tx/submit', { tx, chain_id: 'osmosis-1' });
      if (res.status !== 200) throw new Error(`submit ${res.status}: ${JSON.stringify(res.body)}`);
    }),
  );
}
const submitMs = performance.now() - submitStarted;

const runStarted = performance.now();
service.app.clock.setSpeed(MAX_SPEED);
const deadline = runStarted + 300_000;
while (acked + failed < N && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
const runMs = performance.now() - runStarted;
const after = heap();

console.log(
  JSON.stringify({
    n: N,
    completed: acked,
    failed,
    signMs,
    submitMs,
    runMs,
    retainedBytes: after - before,
    invariants: service.app.chains.checkInvariants().length,
    signedKept: signed.length, // keeps the signed txs alive through both heap readings
  }),
);
await service.close();
process.exit(0);
