/**
 * Landing-page copy (/) as data.
 *
 * Prices are NOT here: they come from the database (or Stripe) by lookup key. Each plan card
 * names the lookup keys it needs (`priceKey`, `adasPriceKey`), and the page combines them:
 *   basePrice   = prices[priceKey]                      → '$19.99' + PRICE_PERIOD
 *   ADAS add-on = prices[adasPriceKey] - prices[priceKey] → adasAddonText('$10.00')
 * If pricing fails, show PRICE_PLACEHOLDER instead of each amount.
 */
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import type { LookupKey, PlanType, VehicleType } from '~/domain/plans'

import { commitmentStateNames, commitmentWhere } from './renewal-consent'

// The names live with the plans (app/domain/plans.ts); the landing page's cards and the forms read them from here too.
export { PLAN_TYPE_NAMES, VEHICLE_TYPE_NAMES } from '~/domain/plans'

export type PlanCardKey = 'chip_only' | 'comprehensive_car' | 'comprehensive_trucksuv'

/** One pricing card on the landing page (minus the price). */
export type PlanCopy = {
  key: PlanCardKey
  /** Card title, e.g. 'Comprehensive — Car'. */
  name: string
  planType: PlanType
  /** Only for comprehensive cards. */
  vehicleType?: VehicleType
  description: string
  features: string[]
  /** Lookup key of the price shown as basePrice (the no-ADAS price for comprehensive). */
  priceKey: LookupKey
  /** Lookup key of the with-ADAS price; the add-on is the difference. Comprehensive only. */
  adasPriceKey?: LookupKey
  /** Button label. */
  cta: string
  /** Button target: /signup?planType=...(&vehicleType=... for comprehensive). */
  href: string
  /** Visually emphasise this card. */
  highlighted?: boolean
}

/** What a comprehensive plan includes: the same for a car and a truck/SUV, whose cards differ only in price and wording. */
const COMPREHENSIVE_FEATURES = [
  'Unlimited chip and crack repairs',
  'One full windshield replacement per plan year',
  'Repairs guaranteed for 12 months: a repaired chip that cracks is replaced, without using the plan year’s replacement',
  'Zero deductible',
  'Replacement usually within 2-3 business days',
  'Claim response within 48 hours',
  'ADAS camera recalibration included on ADAS plans',
]

export const PLANS: Record<PlanCardKey, PlanCopy> = {
  chip_only: {
    key: 'chip_only',
    name: 'Chip Repair Only',
    planType: 'chip_only',
    description: 'Fix chips before they turn into cracks. Simple, low-cost protection for any personal vehicle.',
    features: [
      'Unlimited chip repairs',
      'Zero deductible',
      // The card's price reads '12-month commitment': the promise says how the plan runs after it, not 'lifetime'.
      'Protection for as long as you keep your vehicle: 12 months, then month to month',
      'Repairs at partner glass shops, usually within 24 hours',
      'Repairs guaranteed for 12 months: a repaired chip that cracks is replaced',
      'Claim response within 48 hours',
      'Available for every eligible brand, including luxury models',
    ],
    priceKey: 'chip_only',
    cta: 'Choose Chip Repair',
    href: '/signup?planType=chip_only',
  },
  comprehensive_car: {
    key: 'comprehensive_car',
    name: 'Comprehensive — Car',
    planType: 'comprehensive',
    vehicleType: 'car',
    description: 'Complete windshield protection for sedans, coupes, hatchbacks and wagons.',
    features: COMPREHENSIVE_FEATURES,
    priceKey: 'comprehensive_car_adas_false',
    adasPriceKey: 'comprehensive_car_adas_true',
    cta: 'Choose Comprehensive',
    href: '/signup?planType=comprehensive&vehicleType=car',
    highlighted: true,
  },
  comprehensive_trucksuv: {
    key: 'comprehensive_trucksuv',
    name: 'Comprehensive — Truck/SUV',
    planType: 'comprehensive',
    vehicleType: 'trucksuv',
    description: 'Complete windshield protection for pickups, SUVs and minivans, whose larger glass costs more to replace.',
    features: COMPREHENSIVE_FEATURES,
    priceKey: 'comprehensive_trucksuv_adas_false',
    adasPriceKey: 'comprehensive_trucksuv_adas_true',
    cta: 'Choose Comprehensive',
    href: '/signup?planType=comprehensive&vehicleType=trucksuv',
  },
}

/** Card order on the landing page. */
export const PLAN_ORDER: readonly PlanCardKey[] = ['chip_only', 'comprehensive_car', 'comprehensive_trucksuv']

export const PRICE_PERIOD = '/ month'
export const PRICE_PLACEHOLDER = '$XX.XX'

/** The optional ADAS line on a comprehensive card; `amount` is already formatted ('$10.00'). */
export function adasAddonText(amount: string): string {
  return `+${amount}/month if your vehicle has ADAS (cameras or sensors in the windshield)`
}

export const HERO = {
  headline: 'Windshield protection with zero deductible',
  subline:
    'Chips and cracks fixed by trusted local glass shops, for one simple monthly price. Sign up in minutes and file a claim online whenever you need it.',
  cta: { label: 'Sign up now', href: '/signup' },
  /** Small print under the button; a service contract, not insurance. */
  note: `A windshield service contract, not insurance. A ${commitmentWhere()} (elsewhere cancel at any time), then month-to-month.`,
} as const

/** Landing sections: anchor id, navigation label, heading and subheading, in page order. */
export const LANDING_SECTIONS = [
  {
    id: 'benefits',
    navLabel: 'Benefits',
    heading: 'Why drivers choose us',
    subheading: 'Everything a windshield needs, without the deductible or the runaround.',
  },
  {
    id: 'how-it-works',
    navLabel: 'How it works',
    heading: 'How it works',
    subheading: 'From sign-up to a repaired windshield in a few simple steps.',
  },
  {
    id: 'pricing',
    navLabel: 'Pricing',
    heading: 'Simple monthly pricing',
    subheading: 'Pick the plan that fits your vehicle. Zero deductible on every plan.',
  },
  {
    id: 'faq',
    navLabel: 'FAQ',
    heading: 'Frequently asked questions',
    subheading: 'Straight answers before you sign up.',
  },
] as const

export type Benefit = { title: string; description: string }

/** The product's promises on the landing page, one card each. */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'Zero deductible',
    description: 'Covered repairs and replacements cost you nothing at the shop. Your monthly fee is the only thing you pay.',
  },
  {
    title: 'Protected as long as you own it',
    description:
      'Your plan renews month to month after the first year, so your windshield stays covered for as long as you keep your vehicle.',
  },
  {
    title: 'A network of glass shops',
    description:
      'Repairs are done by independent partner glass shops we work with, so you get experienced technicians without shopping around.',
  },
  {
    title: 'Claim response within 48 hours',
    description: 'File a claim online with a few photos and we get back to you within 48 hours, usually much sooner.',
  },
  {
    title: 'Chip repair, usually in 24 hours',
    description: 'Most chip repairs are done within 24 hours of approval, before a small chip can spread into a crack.',
  },
  {
    title: 'Replacement in 2-3 business days',
    description: 'When a windshield has to be replaced, a partner shop usually installs the new glass within 2-3 business days.',
  },
]

export type HowItWorksStep = { step: number; title: string; description: string }

/** Under the steps: clear claims are decided by published rules, with the page that sets them out. */
export const DECIDED_BY_RULES_NOTE = {
  text: 'Clear chip claims are approved the moment you file them, by rules we publish.',
  link: { label: 'How claims are decided', href: HOW_CLAIMS_ARE_DECIDED_PATH },
} as const

export const HOW_IT_WORKS: readonly HowItWorksStep[] = [
  {
    step: 1,
    title: 'Choose your plan',
    description: 'Pick Chip Repair Only or Comprehensive, and tell us whether your vehicle is a car or a truck/SUV and has ADAS.',
  },
  {
    step: 2,
    title: 'Accept the terms and pay monthly',
    description: `Review the Terms of Service and pay securely through our card payment provider, monthly or yearly. Plans have a ${commitmentWhere()}; elsewhere you may cancel at any time.`,
  },
  {
    step: 3,
    title: 'Check your e-mail',
    description: 'We e-mail you a secure sign-in link. No password to create or remember.',
  },
  {
    step: 4,
    title: 'Finish setup in under 5 minutes',
    description: 'Upload 3 photos of your windshield and enter your vehicle details: plate, state, year, make and model.',
  },
  {
    step: 5,
    title: 'Your coverage is active',
    description: 'Once setup is complete, your dashboard shows your plan as active and you are protected.',
  },
  {
    step: 6,
    title: 'File a claim when you need it',
    description:
      'Send us photos of the damage. Once the claim is approved, give its CS-XXXXXX confirmation code to the partner shop and they take care of the rest.',
  },
]

export type FaqEntry = {
  question: string
  answer: string
  /** Optional link shown after the answer. */
  link?: { label: string; href: string }
}

/** Exactly six entries: the landing page's FAQ accordion (<details> without JS). */
export const FAQ: readonly FaqEntry[] = [
  {
    question: 'Is this insurance?',
    answer:
      'No. A protection plan is a service contract: for a monthly fee, we arrange and pay for windshield repairs (and, on Comprehensive, one replacement per plan year) at partner glass shops. It does not replace your auto insurance, and claims go through us, not your insurer.',
  },
  {
    question: 'What is ADAS, and why does it cost more?',
    answer:
      'ADAS stands for advanced driver-assistance systems: features like lane-keeping assist and automatic emergency braking that rely on cameras or sensors mounted in the windshield. After a windshield is replaced, those cameras must be recalibrated so the systems keep working correctly, which adds time and cost. Comprehensive plans for vehicles with ADAS include that recalibration. Not sure? Look behind your rear-view mirror: a camera housing there usually means your vehicle has ADAS.',
  },
  {
    question: 'Can I cancel?',
    answer: `Yes. Everywhere but ${commitmentStateNames().join(', ')} you can cancel at any time, with the refund your state gives you. In ${commitmentStateNames().join(', ')}, every plan starts with a 12-month commitment: after the state's free-look period you can turn off automatic renewal online at any time during that year, and your plan then ends when the 12 months are up. After the first 12 months your plan continues month-to-month, and you can cancel online from your dashboard whenever you like. The Terms of Service list each state's cancellation and refund rights.`,
  },
  {
    question: 'How do I file a claim?',
    answer:
      'Sign in, choose Submit Claim on your policy, upload photos of the damage and tell us what happened. Please file within 48 hours of the damage. We respond within 48 hours; once your claim is approved, give the CS-XXXXXX confirmation code on your claim to the partner shop and they handle the rest, with nothing to pay.',
  },
  {
    question: 'Which vehicles are eligible?',
    answer:
      'Personal passenger vehicles registered in the US: cars, SUVs, minivans and pickups up to 10,000 lb gross vehicle weight rating (GVWR). Motorcycles, RVs, trailers, antique vehicles, vehicles with custom windshields and vehicles used commercially are not eligible. Luxury and exotic brands can get Chip Repair Only but not Comprehensive.',
    link: { label: 'See the excluded vehicles', href: '/excluded-vehicles' },
  },
  {
    question: 'How fast is service?',
    answer:
      'We respond to every claim within 48 hours. Chip repairs are usually done within 24 hours of approval, and windshield replacements usually within 2-3 business days, depending on glass availability for your vehicle.',
  },
]

/** The closing call to action above the footer. */
export const CLOSING_CTA = {
  headline: "Don't let a small chip become a big crack",
  subline: 'Get zero-deductible windshield protection in minutes. Sign up now, finish setup in under 5 minutes, and drive covered.',
  cta: { label: 'Sign up now', href: '/signup' },
} as const

/** A plan card with its price: built on the server by `planCards()` in `~/models/policies/pricing.server`. */
export type PlanCard = {
  key: PlanCardKey
  name: string
  /** '$19.99', or '$XX.XX' when prices could not be read. */
  basePrice: string
  /** '/ month' */
  period: string
  description: string
  features: readonly string[]
  /** '+$10.00/month if your vehicle has ADAS ...'; comprehensive only. */
  adasAddon?: string
  /** 'or $79.90 / year (save 17 %)' when the plan has a yearly price. */
  yearlyOffer?: string
  planType: PlanType
  vehicleType?: VehicleType
  cta: string
  /** /signup?planType=...(&vehicleType=...) */
  href: string
  highlighted: boolean
}
