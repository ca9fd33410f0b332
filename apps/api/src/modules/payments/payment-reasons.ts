/** The reasons the server itself gives a payment's status, in words a payer understands. */
export const REASONS = {
  unreachable: 'The payment provider could not be reached. Please try again.',
  timedOut: 'The payment was not confirmed in time. Please try again.',
  declined: 'The payment was declined.',
  cancelled: 'Cancelled by the payer before the payment was confirmed.',
  amountMissing:
    'The payment provider confirmed the payment without saying how much was paid. Our team will check it.',
  amountMismatch:
    'The payment provider reported a different amount than the price. Our team will check it.',
  currencyMismatch:
    'The payment provider reported a currency other than TZS. Our team will check it.',
} as const;
