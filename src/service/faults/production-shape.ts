/**
 * The `production_shape` fault: answers reshaped the way the production API's recorded answers
 * differ from the interface description, so that a client's lenient reading can be exercised
 * against the local service (which otherwise always sends full bodies). Applied after the
 * service has checked its own answer against the schema. Pure: the body is copied, not mutated.
 *
 * What production does (observed in recorded bodies):
 * - routes, also the one inside msgs_direct, come without `estimated_route_duration_seconds`;
 * - `estimated_fees` entries carry `amount: ""`, `usd_amount: ""` and `origin_asset: null`;
 * - `/v2/info/chains` entries come without `pretty_name`, `cosmos_module_support`, `ibc_capabilities`;
 * - status tx entries (`send_tx`, `receive_tx`, …) come without `explorer_link`.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function blankFees(fees: unknown): unknown {
  if (!Array.isArray(fees)) return fees;
  return fees.map((fee) => (isObject(fee) ? { ...fee, amount: '', usd_amount: '', origin_asset: null } : fee));
}

function productionRoute(route: unknown): unknown {
  if (!isObject(route)) return route;
  const { estimated_route_duration_seconds: _dropped, ...rest } = route;
  return 'estimated_fees' in rest ? { ...rest, estimated_fees: blankFees(rest.estimated_fees) } : rest;
}

function productionMsgs(msgs: unknown): unknown {
  if (!isObject(msgs) || !('estimated_fees' in msgs)) return msgs;
  return { ...msgs, estimated_fees: blankFees(msgs.estimated_fees) };
}

const CHAIN_FIELDS_PRODUCTION_OMITS = ['pretty_name', 'cosmos_module_support', 'ibc_capabilities'];

function productionChains(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.chains)) return body;
  return {
    ...body,
    chains: body.chains.map((chain) =>
      isObject(chain) ? Object.fromEntries(Object.entries(chain).filter(([key]) => !CHAIN_FIELDS_PRODUCTION_OMITS.includes(key))) : chain,
    ),
  };
}

/** Every `*_tx` object anywhere in a status, without its explorer_link. */
function withoutExplorerLinks(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutExplorerLinks(item));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (key.endsWith('_tx') && k === 'explorer_link') continue;
    out[k] = withoutExplorerLinks(v, k);
  }
  return out;
}

/** The paths this fault reshapes; any other answer passes unchanged. */
export const PRODUCTION_SHAPE_PATHS = [
  '/v2/fungible/route',
  '/v2/fungible/msgs',
  '/v2/fungible/msgs_direct',
  '/v2/info/chains',
  '/v2/tx/status',
] as const;

export function productionShape(path: string, body: unknown): unknown {
  switch (path) {
    case '/v2/fungible/route':
      return productionRoute(body);
    case '/v2/fungible/msgs':
      return productionMsgs(body);
    case '/v2/fungible/msgs_direct': {
      const msgs = productionMsgs(body);
      return isObject(msgs) && 'route' in msgs ? { ...msgs, route: productionRoute(msgs.route) } : msgs;
    }
    case '/v2/info/chains':
      return productionChains(body);
    case '/v2/tx/status':
      return withoutExplorerLinks(body);
    default:
      return body;
  }
}
