/**
 * Public mainnet contracts of the bridges the routes use, per EVM chain id: facts about the
 * chains, shared by the local service (which builds calls to them) and Courier's verification
 * (which accepts calls only to them).
 */

/** Circle CCTP (v1) TokenMessenger per EVM chain id. */
export const CCTP_TOKEN_MESSENGERS: Readonly<Record<string, string>> = {
  '1': '0xBd3fa81B58Ba92a82136038B25aDec7066af3155',
  '43114': '0x6B25532e1060CE10cc3B0A99e5683b91BFDe6982',
  '42161': '0x19330d10D9Cc8751218eaf51E8885D058642E08A',
  '8453': '0x1682Ae6375C4E4A97e4B583BC394c861A46D8962',
};

/** Axelar gateway per EVM chain id. */
export const AXELAR_GATEWAYS: Readonly<Record<string, string>> = {
  '1': '0x4F4495243837681061C4743b74B3eEdf548D56A5',
  '43114': '0x5029C0EFf6C34351a0CEc334542cDb22c7928f78',
  '42161': '0xe432150cce91c13a887f7D836923d5597adD8E31',
  '8453': '0xe432150cce91c13a887f7D836923d5597adD8E31',
};
