/** The provider's icon for `announceProvider` (a data: URI, so pages need no fetch). Same mark as public/icon-*.png. */
const SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
  "<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#3b5bdb'/><stop offset='1' stop-color='#12b886'/></linearGradient></defs>" +
  "<rect width='32' height='32' rx='7' fill='url(#g)'/>" +
  "<path d='M8 20h12l-3.5 3.5M24 12H12l3.5-3.5' fill='none' stroke='#fff' stroke-width='2.6' stroke-linecap='round' stroke-linejoin='round'/>" +
  '</svg>';

export const PROVIDER_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
