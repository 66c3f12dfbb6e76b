/**
 * Sites: which part of a host names who owns it. `login.wallet.evil.example.co.uk` belongs to
 * whoever registered `evil.example.co.uk`; everything left of that is theirs to invent. The
 * approval window shows that registrable domain prominently, and the approval rules count
 * requests per top-level site (scheme + registrable domain, ports ignored, as browsers do).
 *
 * No network and no bundled Public Suffix List: PUBLIC_SUFFIXES is a compact, hand-picked subset
 * of it — the multi-label country suffixes in common use and the hosting platforms where every
 * subdomain is a different owner (github.io, vercel.app, …). Any other host is split at its last
 * label (`.com`, `.io`, `.eth.limo` is listed). A suffix missing here makes two owners under it
 * look like one site: they then share one approval slot and one cooldown, which can inconvenience
 * them but never lets one act as the other (connections stay per origin).
 */

/** Public suffixes of more than one label (a subset of publicsuffix.org's list, see above). */
export const PUBLIC_SUFFIXES: ReadonlySet<string> = new Set([
  // Country registries with second-level suffixes.
  ...['co', 'org', 'ac', 'gov', 'ltd', 'plc', 'me', 'net', 'sch', 'nhs', 'police'].map((l) => `${l}.uk`),
  ...['com', 'net', 'org', 'edu', 'gov', 'asn', 'id'].map((l) => `${l}.au`),
  ...['co', 'org', 'net', 'ac', 'govt', 'geek', 'school'].map((l) => `${l}.nz`),
  ...['co', 'ne', 'or', 'ac', 'go', 'gr', 'ed', 'lg', 'ad'].map((l) => `${l}.jp`),
  ...['co', 'or', 'ne', 'go', 'ac', 're'].map((l) => `${l}.kr`),
  ...['com', 'net', 'org', 'gov', 'edu', 'art', 'blog', 'app'].map((l) => `${l}.br`),
  ...['com', 'net', 'org', 'gov', 'edu', 'ac'].map((l) => `${l}.cn`),
  ...['com', 'net', 'org', 'edu', 'gov', 'idv'].map((l) => `${l}.hk`),
  ...['com', 'net', 'org', 'edu', 'gov', 'idv'].map((l) => `${l}.tw`),
  ...['co', 'net', 'org', 'firm', 'gen', 'ind', 'ac', 'edu', 'gov'].map((l) => `${l}.in`),
  ...['co', 'org', 'net', 'web', 'gov', 'ac'].map((l) => `${l}.za`),
  ...['co', 'or', 'ac', 'go', 'web', 'my', 'biz'].map((l) => `${l}.id`),
  ...['co', 'or', 'in', 'ac', 'go'].map((l) => `${l}.th`),
  ...['co', 'org', 'net', 'ac', 'gov'].map((l) => `${l}.il`),
  ...['com', 'net', 'org', 'gov', 'edu'].flatMap((l) =>
    ['sg', 'my', 'ph', 'vn', 'mx', 'ar', 'co', 'tr', 'ua', 'pl', 'ng', 'pk', 'eg', 'sa', 'pe', 've', 'ec', 'bd', 'np', 'lk', 'gh', 'kw', 'qa', 'cy', 'mt'].map(
      (cc) => `${l}.${cc}`,
    ),
  ),
  'co.ke', 'or.ke', 'co.tz', 'co.ug', 'co.zw', 'co.ao', 'co.mz', 'com.ru', 'org.ru', 'net.ru', 'msk.ru', 'spb.ru',
  'com.de', 'co.at', 'or.at', 'gv.at', 'com.es', 'org.es', 'nom.es', 'com.pt', 'com.gr', 'co.hu', 'com.ro', 'co.rs',
  'co.no', 'priv.no', 'co.ca', 'qc.ca', 'on.ca', 'bc.ca', 'ab.ca', 'co.us', 'ny.us', 'ca.us', 'tx.us',
  // Hosting platforms where each subdomain is someone else's site (the PSL's private section).
  'github.io', 'githubusercontent.com', 'gitlab.io', 'pages.dev', 'workers.dev', 'vercel.app', 'now.sh',
  'netlify.app', 'netlify.com', 'herokuapp.com', 'web.app', 'firebaseapp.com', 'appspot.com', 'blogspot.com',
  'azurewebsites.net', 'azurestaticapps.net', 'cloudfront.net', 's3.amazonaws.com', 'elasticbeanstalk.com',
  'fly.dev', 'onrender.com', 'glitch.me', 'ngrok.io', 'ngrok-free.app', 'ngrok.app', 'repl.co', 'replit.app',
  'surge.sh', 'readthedocs.io', 'gitbook.io', 'wixsite.com', 'myshopify.com', 'webflow.io', 'framer.app',
  'deno.dev', 'railway.app', 'up.railway.app', 'onrender.app', 'pythonanywhere.com', 'codesandbox.io', 'csb.app',
  'stackblitz.io', 'trycloudflare.com', 'loca.lt', 'localtunnel.me', 'duckdns.org', 'no-ip.org', 'dyndns.org',
  'eth.limo', 'eth.link', 'ipfs.dweb.link', 'ipns.dweb.link', 'on-fleek.app', '4everland.app', 'ipfs.w3s.link',
]);

/** The longest suffix a registrable domain may sit on, in labels (s3.amazonaws.com). */
const LONGEST_SUFFIX_LABELS = Math.max(...[...PUBLIC_SUFFIXES].map((s) => s.split('.').length));

/** An IPv4 dotted quad or a bracketed IPv6 literal, as URL.hostname spells them. */
function isIpAddress(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/**
 * The registrable domain (eTLD+1) of a hostname, lowercase, without a trailing dot. IP
 * addresses, single-label hosts (`localhost`) and hosts that are themselves a public suffix have
 * none: the host itself is returned, since nobody else can own a part of it.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIpAddress(host)) return host;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((l) => l === '')) return host;
  // The longest listed suffix wins; otherwise the last label is the suffix.
  let suffixLabels = 1;
  for (let n = Math.min(LONGEST_SUFFIX_LABELS, labels.length); n >= 2; n--) {
    if (PUBLIC_SUFFIXES.has(labels.slice(-n).join('.'))) {
      suffixLabels = n;
      break;
    }
  }
  if (labels.length <= suffixLabels) return host;
  return labels.slice(-(suffixLabels + 1)).join('.');
}

/** The site of an origin: `scheme://registrable-domain` (ports ignored). Undefined if not a URL. */
export function siteOf(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (!url.hostname) return undefined;
  return `${url.protocol}//${registrableDomain(url.hostname)}`;
}

/**
 * An origin cut for display: what comes before the host, the subdomains the owner chose, the
 * registrable domain (the part to highlight), and the port. Joined, the parts give the origin
 * back exactly.
 */
export type OriginParts = { scheme: string; subdomains: string; domain: string; port: string };

export function originParts(origin: string): OriginParts {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return { scheme: '', subdomains: '', domain: origin, port: '' };
  }
  const scheme = `${url.protocol}//`;
  const port = url.port ? `:${url.port}` : '';
  const host = url.host.slice(0, url.host.length - port.length);
  const domain = registrableDomain(host);
  const cut = host.toLowerCase().replace(/\.$/, '').length - domain.length;
  // Keep the host's own spelling (a trailing dot stays with the domain part).
  return { scheme, subdomains: host.slice(0, cut), domain: host.slice(cut), port };
}
