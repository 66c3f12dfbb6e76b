import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MsgsResponse } from '../../../src/api/schemas/route';
import { decodedMemo, prettyJson, signableTxs } from '../../../src/ui/model/tx-model';

const transferJson =
  '{"source_port":"transfer","source_channel":"channel-141","token":{"denom":"uatom","amount":"1000000"},"sender":"cosmos1abc","receiver":"osmo1contract","timeout_height":{},"timeout_timestamp":1795323066123456789,"memo":"{\\"wasm\\":{\\"contract\\":\\"osmo1contract\\",\\"msg\\":{\\"swap_and_action\\":{}}}}"}';

/** Whitespace outside strings removed: the token stream itself. */
function minify(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i]!;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

describe('message JSON for people', () => {
  it('re-indents without touching a single token: a 19-digit timeout stays exact', () => {
    const pretty = prettyJson(transferJson);
    expect(pretty).toContain('"timeout_timestamp": 1795323066123456789');
    expect(pretty).toContain('"timeout_height": {}');
    expect(pretty.split('\n').length).toBeGreaterThan(10);
    expect(minify(pretty)).toBe(transferJson);
  });

  it('any JSON value reads back equal (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(JSON.parse(prettyJson(text))).toEqual(JSON.parse(text));
      }),
    );
  });

  it('text that is not JSON is shown as it is', () => {
    for (const text of ['not json', '{"a":', '"unterminated', '}{']) expect(prettyJson(text)).toBe(text);
  });

  it('a JSON memo is decoded for reading', () => {
    expect(decodedMemo(transferJson)).toContain('"swap_and_action": {}');
    expect(decodedMemo('{"memo":"hello"}')).toBeNull();
    expect(decodedMemo('{"no":"memo"}')).toBeNull();
  });
});

describe('transactions to sign', () => {
  it('from txs: chain, signer, path and messages (text kept exactly for copying)', () => {
    const response = MsgsResponse.parse({
      msgs: [],
      txs: [
        {
          cosmos_tx: { chain_id: 'cosmoshub-4', path: ['cosmoshub-4', 'osmosis-1'], signer_address: 'cosmos1abc', msgs: [{ msg: transferJson, msg_type_url: '/ibc.applications.transfer.v1.MsgTransfer' }] },
          operations_indices: [0, 1],
        },
        {
          evm_tx: {
            chain_id: '1',
            to: '0xdead',
            value: '0',
            data: '0x095ea7b3',
            signer_address: '0xabc',
            required_erc20_approvals: [{ amount: '1000', spender: '0xspender', token_contract: '0xtoken' }],
          },
          operations_indices: [2],
        },
        { teleport_tx: { chain_id: 'x' }, operations_indices: [3] },
      ],
      min_amount_out: '1',
    });
    const [cosmos, evm, unknown] = signableTxs(response);
    expect(cosmos).toMatchObject({ kind: 'cosmos_tx', chainId: 'cosmoshub-4', signer: 'cosmos1abc', path: ['cosmoshub-4', 'osmosis-1'], operationsIndices: [0, 1] });
    expect(cosmos!.messages[0]!.json).toBe(transferJson);
    expect(evm).toMatchObject({ kind: 'evm_tx', chainId: '1', evm: { to: '0xdead', approvals: [{ tokenContract: '0xtoken', spender: '0xspender', amount: '1000' }] } });
    expect(unknown).toMatchObject({ kind: 'unknown', rawKind: 'teleport_tx' });
  });

  it('from msgs when there are no txs', () => {
    const response = MsgsResponse.parse({
      msgs: [{ multi_chain_msg: { chain_id: 'cosmoshub-4', path: ['cosmoshub-4'], msg: '{"a":1}', msg_type_url: '/x.Msg' } }, { svm_tx: { chain_id: 'solana', tx: 'AAAA' } }],
    });
    const txs = signableTxs(response);
    expect(txs.map((t) => t.kind)).toEqual(['multi_chain_msg', 'svm_tx']);
    expect(txs[0]!.messages[0]).toMatchObject({ typeUrl: '/x.Msg', json: '{"a":1}' });
    expect(txs[1]!.svm).toEqual({ tx: 'AAAA' });
  });
});
