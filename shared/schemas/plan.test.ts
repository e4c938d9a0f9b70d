import { describe, expect, it } from 'vitest';
import {
  parseDecimal,
  planTypes,
  planUpdateSchema,
  pricingPlanSchema,
  sortPlansForDisplay,
  volumeTierMessages,
  volumeTiersSchema,
  type PricingPlan,
} from './plan';

function makePlan(overrides: Partial<PricingPlan> = {}): PricingPlan {
  return {
    id: 'plan-1',
    name: 'Starter',
    priceCents: 199,
    currency: 'USD',
    period: 'per user/month',
    description: 'For small teams',
    userRange: '1-20 users',
    features: ['QR codes'],
    isPopular: false,
    isActive: true,
    planType: 'business',
    volumeTiers: null,
    ...overrides,
  };
}

const validUpdate = {
  price: 1.99,
  description: 'For small teams',
  userRange: '1-20 users',
  isPopular: true,
  isActive: true,
};

describe('pricingPlanSchema', () => {
  it('accepts a complete plan', () => {
    expect(pricingPlanSchema.parse(makePlan())).toEqual(makePlan());
  });

  it('refuses a negative price and an unknown plan type', () => {
    expect(pricingPlanSchema.safeParse(makePlan({ priceCents: -1 })).success).toBe(false);
    expect(pricingPlanSchema.safeParse(makePlan({ priceCents: 1.5 })).success).toBe(false);
    expect(pricingPlanSchema.safeParse({ ...makePlan(), planType: 'enterprise' }).success).toBe(false);
  });

  it('knows the business and agency plan types', () => {
    expect(planTypes).toEqual(['business', 'agency']);
  });
});

describe('planUpdateSchema', () => {
  it('accepts a price in dollars and hands it on as integer cents', () => {
    const { price: _dollars, ...rest } = validUpdate;
    expect(planUpdateSchema.parse(validUpdate)).toEqual({ ...rest, priceCents: 199 });
  });

  it('parses a price typed as a decimal string', () => {
    expect(planUpdateSchema.parse({ ...validUpdate, price: '2.49' }).priceCents).toBe(249);
    expect(planUpdateSchema.parse({ ...validUpdate, price: ' 3 ' }).priceCents).toBe(300);
    expect(planUpdateSchema.parse({ ...validUpdate, price: '.5' }).priceCents).toBe(50);
  });

  it('treats a price that is not a number as 0', () => {
    expect(planUpdateSchema.parse({ ...validUpdate, price: 'abc' }).priceCents).toBe(0);
    expect(planUpdateSchema.parse({ ...validUpdate, price: '' }).priceCents).toBe(0);
    expect(planUpdateSchema.parse({ ...validUpdate, price: '1e3' }).priceCents).toBe(0);
  });

  it('rounds the price to whole cents', () => {
    expect(planUpdateSchema.parse({ ...validUpdate, price: 1.005 }).priceCents).toBe(101);
    expect(planUpdateSchema.parse({ ...validUpdate, price: '12.344' }).priceCents).toBe(1234);
  });

  it('accepts the bounds 0 and 100,000', () => {
    expect(planUpdateSchema.parse({ ...validUpdate, price: 0 }).priceCents).toBe(0);
    expect(planUpdateSchema.parse({ ...validUpdate, price: 100000 }).priceCents).toBe(10000000);
  });

  it('refuses a negative price', () => {
    const result = planUpdateSchema.safeParse({ ...validUpdate, price: '-1' });
    expect(result.error?.issues[0]?.message).toBe('Price cannot be negative');
  });

  it('refuses a price above 100,000', () => {
    const result = planUpdateSchema.safeParse({ ...validUpdate, price: 100000.01 });
    expect(result.error?.issues[0]?.message).toBe('Price must be at most 100,000');
  });

  it('refuses a price that is neither number nor string', () => {
    const result = planUpdateSchema.safeParse({ ...validUpdate, price: true });
    expect(result.error?.issues[0]?.message).toBe('Price must be a number');
  });

  it('stores an empty description as null', () => {
    expect(planUpdateSchema.parse({ ...validUpdate, description: '   ' }).description).toBeNull();
    expect(planUpdateSchema.parse({ ...validUpdate, description: undefined }).description).toBeNull();
  });

  it('requires a user range of at most 50 characters', () => {
    expect(planUpdateSchema.safeParse({ ...validUpdate, userRange: '  ' }).error?.issues[0]?.message).toBe(
      'User range is required',
    );
    expect(planUpdateSchema.safeParse({ ...validUpdate, userRange: 'x'.repeat(51) }).success).toBe(false);
    expect(planUpdateSchema.parse({ ...validUpdate, userRange: ' 200+ users ' }).userRange).toBe('200+ users');
  });

  it('requires the popular and active switches as booleans', () => {
    expect(planUpdateSchema.safeParse({ ...validUpdate, isPopular: 'yes' }).success).toBe(false);
    const { isActive: _omit, ...withoutActive } = validUpdate;
    expect(planUpdateSchema.safeParse(withoutActive).success).toBe(false);
  });

  it('refuses fields the form does not have', () => {
    expect(planUpdateSchema.safeParse({ ...validUpdate, planType: 'agency' }).success).toBe(false);
    expect(planUpdateSchema.safeParse({ ...validUpdate, name: 'Renamed' }).success).toBe(false);
  });
});

describe('volumeTiersSchema (issue 40)', () => {
  const issuesOf = (tiers: unknown) => {
    const result = volumeTiersSchema.safeParse(tiers);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('refuses a discount lower than the tier before, under that discount; an equal one is fine', () => {
    expect(issuesOf([{ fromUsers: 0, discountPercent: 0 }, { fromUsers: 100, discountPercent: 10 }, { fromUsers: 500, discountPercent: 5 }])).toEqual({ '2.discountPercent': volumeTierMessages.discountFalls });
    expect(volumeTiersSchema.safeParse([{ fromUsers: 0, discountPercent: 5 }, { fromUsers: 100, discountPercent: 5 }, { fromUsers: 500, discountPercent: 7.5 }]).success).toBe(true);
  });

  it('says which field of an empty new tier is missing', () => {
    expect(issuesOf([{ fromUsers: '0', discountPercent: '0' }, { fromUsers: '', discountPercent: '' }])).toEqual({ '1.fromUsers': volumeTierMessages.fromUsersMissing, '1.discountPercent': volumeTierMessages.percentMissing });
    expect(issuesOf([{ fromUsers: '0', discountPercent: '0' }, { fromUsers: '200', discountPercent: '  ' }])).toEqual({ '1.discountPercent': volumeTierMessages.percentMissing });
    expect(issuesOf([{ fromUsers: '0', discountPercent: '0' }, { fromUsers: '', discountPercent: '5' }])).toEqual({ '1.fromUsers': volumeTierMessages.fromUsersMissing });
  });
});

describe('parseDecimal', () => {
  it('reads decimals and gives 0 for anything else', () => {
    expect(parseDecimal('19.99')).toBe(19.99);
    expect(parseDecimal(4)).toBe(4);
    expect(parseDecimal(Number.NaN)).toBe(0);
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parseDecimal('12abc')).toBe(0);
  });
});

describe('sortPlansForDisplay', () => {
  it('orders by plan type ascending, then price descending', () => {
    const plans = [
      makePlan({ id: 'b-low', planType: 'business', priceCents: 99 }),
      makePlan({ id: 'a-free', planType: 'agency', priceCents: 0 }),
      makePlan({ id: 'b-high', planType: 'business', priceCents: 199 }),
      makePlan({ id: 'a-paid', planType: 'agency', priceCents: 500 }),
      makePlan({ id: 'b-mid', planType: 'business', priceCents: 149 }),
    ];
    expect(sortPlansForDisplay(plans).map((p) => p.id)).toEqual(['a-paid', 'a-free', 'b-high', 'b-mid', 'b-low']);
  });

  it('does not reorder the array it is given', () => {
    const plans = [makePlan({ id: 'x', priceCents: 100 }), makePlan({ id: 'y', priceCents: 200 })];
    sortPlansForDisplay(plans);
    expect(plans.map((p) => p.id)).toEqual(['x', 'y']);
  });
});
