/**
 * The banks a clinic's VietQR account may be at, by NAPAS BIN (issue 35: the pay page names the bank
 * beside the account number she copies). `code` is the bank's code in VietQR.io's bank list
 * (api.vietqr.io/v2/banks), lower-cased as its deep links take it. A BIN not listed shows as its number.
 */
export const VIETQR_BANKS: Record<string, { name: string; code: string }> = {
  '970436': { name: 'Vietcombank', code: 'vcb' },
  '970415': { name: 'VietinBank', code: 'icb' },
  '970418': { name: 'BIDV', code: 'bidv' },
  '970405': { name: 'Agribank', code: 'vba' },
  '970422': { name: 'MB Bank', code: 'mb' },
  '970407': { name: 'Techcombank', code: 'tcb' },
  '970416': { name: 'ACB', code: 'acb' },
  '970432': { name: 'VPBank', code: 'vpb' },
  '970423': { name: 'TPBank', code: 'tpb' },
  '970403': { name: 'Sacombank', code: 'stb' },
  '970448': { name: 'OCB', code: 'ocb' },
  '970441': { name: 'VIB', code: 'vib' },
  '970443': { name: 'SHB', code: 'shb' },
  '970437': { name: 'HDBank', code: 'hdb' },
  '970426': { name: 'MSB', code: 'msb' },
};

export const vietQrBankName = (bin: string) => VIETQR_BANKS[bin]?.name ?? `Ngân hàng (mã BIN ${bin})`;

/**
 * Banking apps that VietQR.io's deep link opens with the transfer filled in (its documentation,
 * https://www.vietqr.io/deeplink: `https://dl.vietqr.io/pay?app={appId}&am=&tn=&ba={account}@{bankCode}`).
 * Only the apps whose app id that documentation shows in its examples; others are not guessed.
 */
export const VIETQR_DEEP_LINK_APPS = [
  { appId: 'icb', name: 'VietinBank iPay' },
  { appId: 'mb', name: 'MB Bank' },
  { appId: 'ocb', name: 'OCB OMNI' },
] as const;

/** The deep link that opens `appId` with the transfer filled in; null when the clinic's bank has no VietQR.io code. */
export function vietQrDeepLink(
  appId: string,
  t: { bankBin: string; accountNo: string; amount: number; memo: string; accountName?: string | null },
): string | null {
  const bank = VIETQR_BANKS[t.bankBin];
  if (!bank) return null;
  const q = (v: string) => encodeURIComponent(v);
  // `ba` keeps its '@' as the documentation asks.
  return (
    `https://dl.vietqr.io/pay?app=${q(appId)}&am=${t.amount}&tn=${q(t.memo)}&ba=${q(t.accountNo)}@${bank.code}` +
    (t.accountName ? `&bn=${q(t.accountName)}` : '')
  );
}
