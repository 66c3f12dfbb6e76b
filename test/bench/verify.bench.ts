/**
 * Verify before signing: how long src/verify takes to check a 3-hop msgs answer (one
 * transaction whose memo forwards and swaps hop by hop) of the in-process local service.
 * Target: well under 1 ms per answer. The answer is built once; only verification is timed.
 * Then Submit's check: the same answer's transaction signed and pasted, decoded and compared
 * with the answer (src/verify/signed.ts), which the popup runs on every edit of the field.
 */
import { cpus, loadavg } from 'node:os';
import { msgsRequestFor } from '../../src/api/msgs-request';
import { buildMsgsJson } from '../../src/service/msgs';
import { planRoute } from '../../src/service/planner';
import { getWorld, type World } from '../../src/service/world';
import { toBase64 } from '@cosmjs/encoding';
import { compareSignedTx, verifyMsgs } from '../../src/verify';
import { msgFromApi, signTxBytes } from '../support/dev-wallet';
import { routeRequestOf, samplePairs } from './planner.bench';
import { median } from './stats';
import { userAddress } from '../support/verify-fixtures';

const SAMPLES = 5_000;
const BATCH = 10;
const WARMUP = 500;
const BUDGET_MS = 1;
const NOW = 1_700_000_000_000;
function addressOn(world: World, chainId: string): string {
  return userAddress(world.chain(chainId)!.chainType, world.chain(chainId)!.bech32Prefix);
}

/** The first seeded route of at least three operations in one transaction, with its request and answer. */
function threeHopAnswer(world: World) {
  for (const pair of samplePairs(world, 3_000, 0x3b0b)) {
    try {
      const route = planRoute(world, routeRequestOf(pair));
      if (route.operations.length < 3 || route.txs_required !== 1) continue;
      const request = { ...msgsRequestFor(route, route.required_chain_addresses.map((c) => addressOn(world, c)), '1'), estimated_amount_out: route.estimated_amount_out };
      const answer = JSON.parse(JSON.stringify(buildMsgsJson(world, request, { now: () => NOW }), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
      return { route, request, answer };
    } catch {
      continue;
    }
  }
  throw new Error('no 3-hop single-transaction route among the sampled pairs');
}

const COMPARE_SAMPLES = 1_000;

function spread(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { mid: median(samples), p90: sorted[Math.floor(sorted.length * 0.9)]!, p99: sorted[Math.floor(sorted.length * 0.99)]! };
}

/** The answer's Cosmos transaction signed (with a key of the bench's own: the check reads senders, not signatures) and compared as pasted. */
async function timeCompare(answer: { txs: { cosmos_tx: { chain_id: string; msgs: { msg: string; msg_type_url: string }[] } }[] }) {
  const tx = answer.txs[0]!.cosmos_tx;
  const signed = toBase64(
    await signTxBytes({
      chainId: tx.chain_id,
      accountNumber: 1,
      sequence: 0,
      msgs: tx.msgs.map(msgFromApi),
      fee: { amount: [{ denom: 'stake', amount: '5000' }], gas: '200000' },
      privkey: new Uint8Array(32).fill(7),
    }),
  );
  const verdict = compareSignedTx(answer, signed)?.verdict;
  if (verdict !== 'match') throw new Error(`the honest signed transaction does not match: ${verdict}`);
  for (let i = 0; i < WARMUP / 10; i++) compareSignedTx(answer, signed);
  const samples: number[] = [];
  for (let i = 0; i < COMPARE_SAMPLES; i++) {
    const t0 = performance.now();
    compareSignedTx(answer, signed);
    samples.push(performance.now() - t0);
  }
  return { bytes: signed.length, ...spread(samples) };
}

export async function benchVerify(): Promise<{ name: string; lines: string[] }> {
  const world = getWorld();
  const { route, request, answer } = threeHopAnswer(world);
  const findings = verifyMsgs(request as never, answer, { now: NOW, local: true });
  if (findings.length > 0) throw new Error(`the honest answer has findings: ${JSON.stringify(findings)}`);
  for (let i = 0; i < WARMUP; i++) verifyMsgs(request as never, answer, { now: NOW, local: true });
  // timed in small batches: one call is near the timer's resolution, and a batch's mean still
  // shows a GC pause or a busy CPU in the tail
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES / BATCH; i++) {
    const t0 = performance.now();
    for (let j = 0; j < BATCH; j++) verifyMsgs(request as never, answer, { now: NOW, local: true });
    samples.push((performance.now() - t0) / BATCH);
  }
  const { mid, p90, p99 } = spread(samples);
  const compare = await timeCompare(answer);
  const kinds = route.operations.map((op) => Object.keys(op).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k))).join(' → ');
  return {
    name: 'verify (src/verify on a 3-hop msgs answer)',
    lines: [
      `route: ${kinds} (${route.required_chain_addresses.join(' → ')}), ${JSON.stringify(answer).length} bytes of answer`,
      `per answer, ${SAMPLES} runs in batches of ${BATCH}: median ${(mid * 1000).toFixed(1)} µs, p90 ${(p90 * 1000).toFixed(1)} µs, p99 ${(p99 * 1000).toFixed(1)} µs (target well under ${BUDGET_MS} ms)`,
      `machine: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} (a tail far above the median is the process waiting for a CPU)`,
      mid < BUDGET_MS / 10 ? `OK: median under a tenth of ${BUDGET_MS} ms` : `OVER BUDGET: median ${mid.toFixed(3)} ms`,
      `Submit's check of the signed transaction (${compare.bytes} bytes of base64 TxRaw), ${COMPARE_SAMPLES} runs: median ${(compare.mid * 1000).toFixed(1)} µs, p90 ${(compare.p90 * 1000).toFixed(1)} µs, p99 ${(compare.p99 * 1000).toFixed(1)} µs`,
      compare.mid < BUDGET_MS ? `OK: Submit's check under ${BUDGET_MS} ms` : `OVER BUDGET: Submit's check ${compare.mid.toFixed(3)} ms`,
    ],
  };
}
