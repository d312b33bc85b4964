/** '$19.99' from 1999 cents. Shared by the signup screens (browser and server) and the e-mails. */
export function formatPrice(cents: number) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/** 'November 21, 2027' from an ISO time, in UTC so server and browser agree on the day. */
export function formatLongDate(iso: string) {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
}
