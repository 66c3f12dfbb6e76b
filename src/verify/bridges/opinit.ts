/**
 * OPInit, Initia's optimistic-rollup bridge: a `MsgInitiateTokenDeposit` on the L1 locks the
 * tokens for an address on the rollup of `bridge_id`; a `MsgInitiateTokenWithdrawal` on the
 * rollup burns its L2 denom for an address on the L1. Each is held to the route's operation:
 * the signer, the bridge, the receiver, the amount and the denom (an L2 denom is derived from
 * the bridge id and the L1 denom, so Courier recomputes it rather than trusting the route).
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Checker } from '../context';
import { OPINIT_BRIDGES } from '../contracts';
import { uintOf as uint } from '../readers';
import type { Step } from '../route';
import { obj, text, type Obj } from './words';

export const OPINIT_TYPE_URLS = {
  deposit: '/opinit.ophost.v1.MsgInitiateTokenDeposit',
  withdrawal: '/opinit.opchild.v1.MsgInitiateTokenWithdrawal',
} as const;


/** x/ophost's L2 denom: `l2/` + hex SHA3-256(bridge id as 8 bytes big-endian ‖ L1 denom). */
export function opinitL2Denom(bridgeId: bigint, l1Denom: string): string | undefined {
  if (bridgeId < 0n || bridgeId >= 1n << 64n) return undefined;
  const id = new Uint8Array(8);
  new DataView(id.buffer).setBigUint64(0, bridgeId, false);
  const denom = utf8ToBytes(l1Denom);
  const seed = new Uint8Array(8 + denom.length);
  seed.set(id);
  seed.set(denom, 8);
  return `l2/${bytesToHex(sha3_256(seed))}`;
}

/** What an OPInit message moves out of the signer's account (undefined: not an OPInit message). */
export function opinitOutflow(typeUrl: unknown, m: Obj): bigint | undefined {
  if (typeUrl !== OPINIT_TYPE_URLS.deposit && typeUrl !== OPINIT_TYPE_URLS.withdrawal) return undefined;
  return uint(obj(m.amount)?.amount) ?? 0n;
}

/** Checks an OPInit message; false when `typeUrl` is not one. */
export function checkOpinitMsg(c: Checker, chainId: string, typeUrl: string, m: Obj): boolean {
  const deposit = typeUrl === OPINIT_TYPE_URLS.deposit;
  if (!deposit && typeUrl !== OPINIT_TYPE_URLS.withdrawal) return false;
  const what = deposit ? 'the OPInit deposit' : 'the OPInit withdrawal';
  const step = c.stepsFrom(chainId, 'opinit')[0];
  if (!step) {
    c.report('message_type', `${what} on ${chainId} is not explained by any operation of the route`);
    return true;
  }
  // the operation's direction, by the bridges Courier knows: a deposit leaves the L1 for a rollup
  const stepDeposits = step.to !== undefined && OPINIT_BRIDGES[step.to]?.l1 === step.from;
  const stepWithdraws = step.from !== undefined && OPINIT_BRIDGES[step.from]?.l1 === step.to;
  if ((deposit && stepWithdraws) || (!deposit && stepDeposits)) {
    c.report('message_type', `${what} on ${chainId} goes the wrong way: operation ${step.index} runs from ${step.from} to ${step.to}`);
    return true;
  }
  const known = OPINIT_BRIDGES[(deposit ? step.to : step.from) ?? ''];
  const sender = text(m.sender);
  if (!c.isCaller(chainId, sender)) c.report('message_type', `${what}'s sender ${sender ?? '(none)'} is not your address on ${chainId} (${c.callerOn(chainId)})`);

  if (!known) {
    c.unknownContract('message_type', chainId, `an OPInit bridge to ${step.to ?? '(unknown)'}`, `${what} on ${chainId} crosses to ${step.to ?? '(unknown)'}, over a bridge Courier does not know`, 'account');
  } else if (step.opinitBridgeId !== undefined && step.opinitBridgeId !== known.bridgeId) {
    c.report('chain', `operation ${step.index} names OPInit bridge ${step.opinitBridgeId}, but ${deposit ? step.to : step.from}'s bridge is ${known.bridgeId}`);
  }
  const bridgeId = step.opinitBridgeId ?? known?.bridgeId;
  if (deposit) {
    const given = text(m.bridge_id);
    if (bridgeId !== undefined && given !== bridgeId) c.report('chain', `${what}'s bridge_id ${given ?? '(none)'} is not the route's OPInit bridge ${bridgeId} to ${step.to}`);
    if (typeof m.data === 'string' && m.data !== '') {
      c.report('message_type', `${what} carries hook messages for ${step.to} that no operation of the route explains`);
    }
  }

  const to = text(m.to);
  if (!c.isCaller(step.to, to)) c.report('recipient', `${what}'s to ${to ?? '(none)'} is not your address on ${step.to} (${c.callerOn(step.to)})`);
  const coin = obj(m.amount);
  c.checkDenom(step, text(coin?.denom), `${what}'s amount denom`);
  const amount = uint(coin?.amount);
  if (amount === undefined) c.report('unverified', `${what}'s amount could not be read`);
  else c.checkAmount(step, amount, `${what}'s amount`);
  checkL2Denom(c, step, deposit, bridgeId);
  return true;
}

/** The rollup's side of the route must be the denom the bridge mints for the L1's. */
function checkL2Denom(c: Checker, step: Step, deposit: boolean, bridgeId: string | undefined): void {
  const [l1, l2] = deposit ? [step.denomIn, step.denomOut] : [step.denomOut, step.denomIn];
  if (l1 === undefined || l2 === undefined || bridgeId === undefined || !/^[0-9]+$/.test(bridgeId)) return;
  const expected = opinitL2Denom(BigInt(bridgeId), l1);
  if (l2 !== expected) c.report('denom', `operation ${step.index} names ${l2} on the rollup, but bridge ${bridgeId} mints ${l1} as ${expected ?? '(no denom)'}`);
}
