/**
 * The VietQR payload (NAPAS "QR code for money transfer", on EMVCo merchant-presented QR): the
 * clinic's bank (BIN) and account, the amount and the reference in the memo, ending in a CRC16-CCITT.
 */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo's field 63. */
export function crc16Ccitt(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function vietQrPayload(p: { bankBin: string; accountNo: string; amount: number; memo: string }): string {
  const beneficiary = field('00', p.bankBin) + field('01', p.accountNo);
  const merchant = field('00', 'A000000727') + field('01', beneficiary) + field('02', 'QRIBFTTA');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', merchant) +
    field('53', '704') +
    field('54', String(p.amount)) +
    field('58', 'VN') +
    field('62', field('08', p.memo)) +
    '6304';
  return body + crc16Ccitt(body);
}

/** Reads an EMVCo payload's top-level fields (the tests check what a banking app would read). */
export function readEmv(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}
