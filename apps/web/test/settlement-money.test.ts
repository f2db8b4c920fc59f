import type { LatePaymentInterest } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { canIncludeInterest, interestFor } from '../src/features/purchase-invoice-settlement/interest.ts';
import {
  addMoney,
  amountProblem,
  compareMoney,
  isMoneyText,
  pennies,
  subtractMoney,
} from '../src/features/purchase-invoice-settlement/money-text.ts';

describe('money typed on the settlement form', () => {
  it('adds and subtracts exactly, to the penny, without floating point', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(addMoney('999999999999.99', '0.01')).toBe('1000000000000.00');
    expect(subtractMoney('10', '12.5')).toBe('-2.50');
    expect(addMoney('1200.00', '16.44', '-50')).toBe('1166.44');
    expect(addMoney()).toBe('0.00');
  });
  it('reads API text with trailing zeros and counts what is no amount as zero', () => {
    expect(pennies('12.5000')).toBe(1250n);
    expect(pennies('12.345')).toBeNull();
    expect(pennies('-0.01')).toBe(-1n);
    expect(addMoney('2', 'abc', '1e3')).toBe('2.00');
    expect(compareMoney('10.00', '10')).toBe(0);
    expect(compareMoney('10.01', '10')).toBe(1);
  });
  it('says what is wrong with an amount to pay: missing, malformed, zero or above the open amount', () => {
    expect(isMoneyText(' 5.5 ')).toBe(true);
    expect(amountProblem('', '10')).toBe('required');
    expect(amountProblem('1.234', '10')).toBe('format');
    expect(amountProblem('-1', '10')).toBe('format');
    expect(amountProblem('0.00', '10')).toBe('positive');
    expect(amountProblem('10.01', '10.00')).toBe('aboveOpen');
    expect(amountProblem('10', '10.00')).toBeNull();
  });
});

describe('late-payment interest on the part of an invoice a settlement pays', () => {
  const proposal = (over: Partial<LatePaymentInterest>): LatePaymentInterest => ({
    basis: 'contractual',
    interestType: 'simple_interest',
    annualRatePercent: '8',
    baseRatePercent: null,
    referenceDate: null,
    daysLate: 30,
    principal: '2000.00',
    interest: '13.15',
    fixedSum: '0.00',
    total: '13.15',
    ...over,
  });
  it('is the proposal itself when the whole open amount is paid', () => {
    expect(interestFor('2000', '2000.00', proposal({}))).toBe('13.15');
  });
  it('is worked on the part: simple and compound, /365, rounded once half up, plus the fixed sum', () => {
    // 1000 × 8 % × 30 / 365 = 6.5753…
    expect(interestFor('1000.00', '2000.00', proposal({}))).toBe('6.58');
    // 1000 × ((1 + 0.08/365)^30 − 1) = 6.5962…
    expect(interestFor('1000.00', '2000.00', proposal({ interestType: 'compound_interest' }))).toBe('6.60');
    // Statutory: 8 % + 5.25 % base on 500 for 10 days = 1.8150… → 1.82, and the fixed £40.
    expect(
      interestFor(
        '500',
        '900',
        proposal({ basis: 'statutory', annualRatePercent: '13.25', daysLate: 10, fixedSum: '40.00' }),
      ),
    ).toBe('41.82');
  });
  it('is nothing when not late or when no rate is known', () => {
    expect(interestFor('10', '20', proposal({ basis: 'none', daysLate: 0 }))).toBe('0.00');
    expect(interestFor('10', '20', proposal({ basis: 'unavailable' }))).toBe('0.00');
    expect(canIncludeInterest(proposal({ basis: 'unavailable' }))).toBe(false);
    expect(canIncludeInterest(proposal({}))).toBe(true);
  });
});
