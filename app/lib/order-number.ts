/**
 * The order number people see and quote: the first 8 characters of the order's id, upper case (as
 * SPEC shows it in the panel). The account, the e-mails, the order page, the panel and the CSV all
 * take it from here.
 */
export function orderNumber(orderId: string) {
  return orderId.slice(0, 8).toUpperCase();
}
