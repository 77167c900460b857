/**
 * The web app's pages whose address carries a private link's token (issue 34): whoever holds the
 * address opens a booking, a place in a waiting list or a pay page. The server serves them (the app's
 * page) and writes no token of them to any log; the web router takes its patterns from here.
 */
export const PRIVATE_PAGES = {
  manageAppointment: '/appointment/manage/:token',
  managePay: '/appointment/manage/:token/pay',
  waitingList: '/appointment/waiting/:token',
  pay: '/pay/:token',
} as const;
