import { describe, expect, it } from 'vitest';
import { approxCredits, checkCustomAmount, checkoutErrorText, QUICK_AMOUNTS } from './purchase-rules.ts';
import { ApiError } from '../api/http.ts';
import { CheckoutError, isMarketplaceBilling } from '../features/billing/checkout.ts';

describe('credit purchase', () => {
  it('shows quick amounts as about amount x 40 credits', () => {
    expect(QUICK_AMOUNTS.map(approxCredits)).toEqual(['~2,000 credits', '~10,000 credits', '~40,000 credits']);
  });
  it('rejects non-numbers and amounts <= 0 as invalid', () => {
    for (const raw of ['', 'abc', '0', '-3']) {
      expect(checkCustomAmount(raw)).toEqual({ ok: false, title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0' });
    }
  });
  it('enforces the $5.00 minimum', () => {
    expect(checkCustomAmount('4.99')).toEqual({ ok: false, title: 'Minimum Amount', description: 'Minimum purchase amount is $5.00' });
    expect(checkCustomAmount('5')).toEqual({ ok: true, amount: 5 });
    expect(checkCustomAmount('12.345')).toEqual({ ok: true, amount: 12.35 });
  });
  it('maps checkout failures to the payment error texts', () => {
    expect(checkoutErrorText(new CheckoutError('checkout-not-configured'))).toBe('Stripe is not properly configured. Please check your environment variables.');
    expect(checkoutErrorText(new CheckoutError('no-session'))).toBe('Unable to create payment session. Please try again or contact support.');
    expect(checkoutErrorText(new ApiError('offline', 0, null, true))).toBe('Network error. Please check your internet connection and try again.');
    expect(checkoutErrorText(new ApiError('Amount too large', 400))).toBe('Amount too large');
    expect(checkoutErrorText({})).toBe('Failed to start checkout process');
  });
  it('recognises the marketplace billing mode', () => {
    expect(isMarketplaceBilling('AzureMarketplace')).toBe(true);
    expect(isMarketplaceBilling('stripe')).toBe(false);
    expect(isMarketplaceBilling(null)).toBe(false);
  });
});
