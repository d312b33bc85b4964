import { describe, expect, it } from 'vitest'

import { formatLongDate } from '~/domain/format'
import { lookupKeyFor, planName } from '~/domain/plans'
import { MIN_VEHICLE_YEAR } from '~/domain/vehicles'

import { type LegalDocument, legalDocumentText, linkify } from '../../app/content/legal'
import { BENEFITS, CLOSING_CTA, FAQ, HOW_IT_WORKS, LANDING_SECTIONS, PLAN_ORDER, PLANS } from '../../app/content/marketing'
import { PRIVACY_LAST_UPDATED, PRIVACY_SECTION_IDS, privacyPolicy } from '../../app/content/privacy'
import { termsOfService, TOS_LAST_UPDATED, TOS_VERSION } from '../../app/content/terms'
import {
  ALL_MAKES,
  EXCLUDED_MAKES,
  isExcludedMake,
  isMakeAllowed,
  isUsStateCode,
  makesFor,
  POPULAR_MAKES,
  US_STATES,
  vehicleYears,
} from '../../app/content/vehicles'

const SPEC_EXCLUDED = [
  'Acura',
  'Audi',
  'BMW',
  'Cadillac',
  'Genesis',
  'Infiniti',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mercedes-Benz',
  'Porsche',
  'Tesla',
  'AC Cars',
  'Alfa Romeo',
  'Aston Martin',
  'Bentley',
  'Ferrari',
  'Fisker',
  'Jaguar',
  'Lamborghini',
  'Lotus',
  'Lucid',
  'Maserati',
  'McLaren',
  'Polestar',
  'Rivian',
  'Rolls-Royce',
  'Saab',
  'Volvo',
]

const opts = { supportEmail: 'help@example.test', companyName: 'Example Glass LLC' }

function expectWellFormed(doc: LegalDocument) {
  expect(doc.title).toBeTruthy()
  const ids = doc.sections.map((s) => s.id)
  expect(new Set(ids).size).toBe(ids.length)
  for (const section of doc.sections) {
    expect(section.id).toMatch(/^[a-z][a-z0-9-]*$/)
    expect(section.heading).toBeTruthy()
    expect(section.paragraphs.length + (section.bullets?.length ?? 0)).toBeGreaterThan(0)
    for (const text of [...section.paragraphs, ...(section.bullets ?? [])]) {
      expect(text.trim()).toBe(text)
      expect(text).not.toMatch(/undefined|\$\{/)
    }
  }
}

describe('vehicle makes', () => {
  it('has exactly 29 popular makes, none duplicated', () => {
    expect(POPULAR_MAKES).toHaveLength(29)
    expect(new Set(POPULAR_MAKES).size).toBe(29)
    expect(POPULAR_MAKES).toEqual(expect.arrayContaining(['Ford', 'Toyota', 'Honda', 'Chevrolet']))
  })

  it('has exactly the 29 excluded brands, in order', () => {
    expect([...EXCLUDED_MAKES]).toEqual(SPEC_EXCLUDED)
  })

  it('keeps popular, all and excluded makes apart', () => {
    for (const make of POPULAR_MAKES) expect(isExcludedMake(make), make).toBe(false)
    for (const make of ALL_MAKES) {
      expect(isExcludedMake(make), make).toBe(false)
      expect(POPULAR_MAKES, make).not.toContain(make)
    }
    expect(new Set(ALL_MAKES).size).toBe(ALL_MAKES.length)
  })

  it('matches excluded makes case- and punctuation-insensitively', () => {
    expect(isExcludedMake('bmw')).toBe(true)
    expect(isExcludedMake('  MERCEDES-BENZ ')).toBe(true)
    expect(isExcludedMake('Rolls Royce')).toBe(true)
    expect(isExcludedMake('land rover')).toBe(true)
    expect(isExcludedMake('Ford')).toBe(false)
    expect(isExcludedMake('')).toBe(false)
  })

  it('removes excluded makes only for comprehensive plans', () => {
    const comprehensive = makesFor('comprehensive')
    expect(comprehensive.popular).toHaveLength(29)
    for (const make of [...comprehensive.popular, ...comprehensive.all]) expect(isExcludedMake(make), make).toBe(false)

    const chip = makesFor('chip_only')
    const chipMakes = [...chip.popular, ...chip.all]
    for (const make of EXCLUDED_MAKES) expect(chipMakes, make).toContain(make)
    for (const make of [...POPULAR_MAKES, ...ALL_MAKES]) expect(chipMakes, make).toContain(make)
    expect(new Set(chipMakes).size).toBe(chipMakes.length)
    expect(chip.all).toEqual([...chip.all].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

    expect(isMakeAllowed('Audi', 'chip_only')).toBe(true)
    expect(isMakeAllowed('audi', 'comprehensive')).toBe(false)
    expect(isMakeAllowed('ford', 'comprehensive')).toBe(true)
  })

  it('returns fresh arrays', () => {
    makesFor('chip_only').popular.push('Nope')
    expect(makesFor('chip_only').popular).not.toContain('Nope')
  })
})

describe('vehicle years and states', () => {
  it('lists years from the current year down to 1980', () => {
    const years = vehicleYears()
    const current = new Date().getFullYear()
    expect(MIN_VEHICLE_YEAR).toBe(1980)
    expect(years[0]).toBe(current)
    expect(years.at(-1)).toBe(1980)
    expect(years).toHaveLength(current - 1980 + 1)
    expect(vehicleYears(new Date(2030, 5, 1))[0]).toBe(2030)
  })

  it('has 50 states plus DC, alphabetical by name', () => {
    expect(US_STATES).toHaveLength(51)
    expect(US_STATES).toContainEqual({ code: 'DC', name: 'District of Columbia' })
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51)
    const names = US_STATES.map((s) => s.name)
    expect(names).toEqual([...names].sort())
    expect(isUsStateCode('ut')).toBe(true)
    expect(isUsStateCode('PR')).toBe(false)
  })
})

describe('terms of service', () => {
  const doc = termsOfService(opts)
  const text = legalDocumentText(doc)

  it('is version 1.0.6, last updated December 3, 2026 (1.0.1 to 1.0.5 are kept as signed: terms-versions.test.ts)', () => {
    expect(TOS_VERSION).toBe('1.0.6')
    expect(TOS_LAST_UPDATED).toBe('2026-12-03')
    expect(formatLongDate(TOS_LAST_UPDATED)).toBe('December 3, 2026')
  })

  it('covers a failed chip repair under the repair guarantee, on Chip Repair Only too, outside the plan year’s replacement', () => {
    expect(text).toContain('Repair guarantee: if a chip that a partner shop repaired under your plan cracks within 12 months')
    expect(text).toContain('on either plan (Chip Repair Only included)')
    expect(text).toContain("does not use your plan year's replacement")
  })

  it('is well formed and uses the options', () => {
    expectWellFormed(doc)
    expect(text).toContain('help@example.test')
    expect(text).toContain('Example Glass LLC')
  })

  it.each([
    ['service contract'],
    ['not an insurance policy'],
    ['Chip Repair Only'],
    ['Comprehensive'],
    ['unlimited'],
    ['zero deductible'],
    ['one full windshield replacement per plan year'],
    ['Pre-existing damage'],
    ['other than the front windshield'],
    ['collision'],
    ['Vandalism'],
    ['commercial'],
    ['Personal passenger vehicles only'],
    ['10,000 lb'],
    ['motorcycles'],
    ['RVs'],
    ['trailers'],
    ['antique'],
    ['custom windshields'],
    ['/excluded-vehicles'],
    ['Registration'],
    ['Approved photos'],
    ['Fee paid'],
    ['Confirmation'],
    ['first term of 12 months'],
    ['month to month'],
    ['year to year'],
    ['one yearly payment'],
    ['30 days before the increase'],
    ['at least 30 days before your first term ends'],
    ['you keep your current price'],
    ['includes a partial month or year'],
    ['times the days of that period not yet used, divided by the period'],
    ['as your state allows'],
    ['never waits for your refund'],
    ['within 48 hours'],
    ['Pre-approval'],
    ['Partner shops only'],
    ['No reimbursement'],
    ['within 14 days'],
    ['within 30 days of receiving it'],
    ['cancel online'],
    ['turn off automatic renewal'],
    ['transfer your plan to the replacement vehicle once'],
    ['12 months before the event'],
    ['binding individual arbitration'],
    ['$250'],
    ['filing fee'],
    ['$5,000'],
    ['opt out of this arbitration agreement within 30 days'],
    ['State of Utah'],
    ['24 hours'],
    ['replaced within 3 business days'],
  ])('mentions %s', (fact) => {
    expect(text.toLowerCase()).toContain(fact.toLowerCase())
  })

  it('has the sections pages link to', () => {
    const ids = doc.sections.map((s) => s.id)
    for (const id of [
      'exclusions',
      'eligibility',
      'claims',
      'appeals',
      'cancellation',
      'refunds-by-state',
      'transfer',
      'next-owner',
      'electronic-delivery',
      'arbitration',
      'governing-law',
    ]) {
      expect(ids).toContain(id)
    }
  })
})

describe('privacy policy', () => {
  const doc = privacyPolicy({ ...opts, postalAddress: '123 Main St, Salt Lake City, UT 84101' })
  const text = legalDocumentText(doc)

  it('has exactly the 14 required sections in order', () => {
    expectWellFormed(doc)
    expect(doc.sections).toHaveLength(14)
    expect(doc.sections.map((s) => s.id)).toEqual([...PRIVACY_SECTION_IDS])
    expect(PRIVACY_LAST_UPDATED).toBe('2026-12-03')
  })

  it.each([
    ['names'],
    ['phone numbers'],
    ['e-mail addresses'],
    ['authentication data'],
    ['card and billing details'],
    ['license plate'],
    ['make, model and year'],
    ['Stripe'],
    ['maps service'],
    ['social'],
    ['under 18'],
    ['do not currently respond to DNT'],
    ['as long as your account exists'],
    ['preceding 12 months'],
    ['Right to know'],
    ['Right to access'],
    ['Right to correct'],
    ['Right to delete'],
    ['copy'],
    ['non-discrimination'],
    ['opt out'],
    ['appeal'],
    ['verify your identity'],
    ['written and signed permission'],
    ['"Revised" date'],
    ['123 Main St, Salt Lake City, UT 84101'],
    ['help@example.test'],
    // What the product collects since the first revision (its retention and sharing too).
    ['postal address'],
    ['Twilio'],
    ['Lob'],
    ['when the photo was taken'],
    ['perceptual hash'],
    ['the IP address and browser you used'],
    ['the shop doing the work sees your name, e-mail address and phone number, your postal address'],
    ['the setup photos of its windshield pass to them with the plan'],
    ['Texas Occupations Code §1304.155'],
    ['California Business and Professions Code §17602'],
    ['Apple Wallet'],
  ])('mentions %s', (fact) => {
    expect(text.toLowerCase()).toContain(fact.toLowerCase())
  })
})

describe('legal helpers', () => {
  it('formats ISO dates in US long form without time-zone drift', () => {
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025')
    expect(formatLongDate('2025-12-31T23:59:59Z')).toBe('December 31, 2025')
    expect(formatLongDate('not a date')).toBe('')
  })

  it('links site paths and e-mail addresses only', () => {
    expect(linkify('See /excluded-vehicles or e-mail help@example.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: '/excluded-vehicles', href: '/excluded-vehicles' },
      { kind: 'text', text: ' or e-mail ' },
      { kind: 'link', text: 'help@example.test', href: 'mailto:help@example.test' },
      { kind: 'text', text: '.' },
    ])
    expect(linkify('Truck/SUV')).toEqual([{ kind: 'text', text: 'Truck/SUV' }])
  })
})

describe('landing page copy', () => {
  it('has three plan cards with names, copy and signup links', () => {
    expect(PLAN_ORDER.map((key) => PLANS[key].name)).toEqual(['Chip Repair Only', 'Comprehensive — Car', 'Comprehensive — Truck/SUV'])
    expect(PLANS.chip_only.href).toBe('/signup?planType=chip_only')
    expect(PLANS.comprehensive_trucksuv.href).toBe('/signup?planType=comprehensive&vehicleType=trucksuv')
    for (const key of PLAN_ORDER) {
      const plan = PLANS[key]
      expect(plan.key).toBe(key)
      expect(plan.description).toBeTruthy()
      expect(plan.features.length).toBeGreaterThan(2)
      expect(JSON.stringify(plan)).not.toMatch(/\$\d/) // prices come from the database
      expect(plan.priceKey).toBe(lookupKeyFor(plan.planType, plan.vehicleType, false))
      if (plan.planType === 'comprehensive') {
        expect(plan.adasPriceKey).toBe(lookupKeyFor(plan.planType, plan.vehicleType, true))
      }
    }
    // Every plan has a 12-month commitment, then renews month to month: no card promises a lifetime.
    for (const key of PLAN_ORDER) expect(JSON.stringify(PLANS[key]), key).not.toMatch(/lifetime/i)
    // A card offers the plan without ADAS (ADAS is an add-on on the card): its title is that plan's one name.
    expect(PLAN_ORDER.map((key) => PLANS[key].name)).toEqual(PLAN_ORDER.map((key) => planName({ ...PLANS[key], hasAdas: false })))
  })

  it('has the marketing promises, six steps and six FAQ entries', () => {
    const benefits = JSON.stringify(BENEFITS)
    for (const promise of ['Zero deductible', '48 hours', '24 hours', '2-3 business days', 'as long as you keep']) {
      expect(benefits).toContain(promise)
    }
    expect(HOW_IT_WORKS).toHaveLength(6)
    expect(JSON.stringify(HOW_IT_WORKS)).toContain('CS-XXXXXX')
    expect(FAQ).toHaveLength(6)
    for (const entry of FAQ) {
      expect(entry.question.endsWith('?')).toBe(true)
      expect(entry.answer.length).toBeGreaterThan(80)
    }
    expect(FAQ[0].answer).toContain('service contract')
    expect(LANDING_SECTIONS.map((s) => s.id)).toEqual(['benefits', 'how-it-works', 'pricing', 'faq'])
    expect(CLOSING_CTA.headline).toBeTruthy()
    expect(CLOSING_CTA.subline).toBeTruthy()
  })
})
