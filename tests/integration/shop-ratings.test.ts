import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerLocations, shopRatings, shopStaff } from '~/db/schema'
import { endOfDayIn } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { RATING_HIDE_REASON_LABELS } from '~/domain/ratings'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import {
  answerRating,
  askForRating,
  hideRatingComment,
  networkRatingAverage,
  ownRating,
  rateShop,
  ratingCardOf,
  ratingSummaryByLocation,
} from '~/models/shops/shop-ratings.server'
import * as adminRatingsRoute from '~/routes/admin.ratings'
import * as ratingRoute from '~/routes/customer.claims.$claimId.rating'
import * as shopRatingsRoute from '~/routes/shop.ratings'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/**
 * The rules of the shops' ratings (app/domain/ratings.ts) on a real SQLite file: only the customer of a completed claim
 * rates, once, and may change it until the end of the 30th calendar day on their clock; the shop answers once; the
 * operator hides a comment only for a listed reason, audited, and the score still counts everywhere.
 */
describe('shop ratings', () => {
  ensureSeeded()
  const group = createPartnerGroup('Rated Glass')
  const otherGroup = createPartnerGroup('Other Glass')
  const location = db()
    .insert(partnerLocations)
    .values({ partnerGroupId: group.id, name: 'Rated Glass Sandy', slug: `rated-sandy-${group.id}`, zip: '84070', state: 'UT' })
    .returning()
    .get()

  function finishedJob(overrides: Parameters<typeof createClaim>[1] = {}) {
    const customer = createProfile({ fullName: 'Rhea Rater', email: uniqueEmail('rater') })
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id, {
      approvalStatus: 'completed',
      assignedPartnerGroupId: group.id,
      chosenLocationId: location.id,
      reviewedAt: '2026-11-01T10:00:00.000Z',
      completedAt: '2026-11-02T15:00:00.000Z',
      repairType: 'repair',
      ...overrides,
    })
    return { customer, policy, claim }
  }

  const refusal = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      return error
    }
    throw new Error('expected a refusal')
  }

  it('the customer of a completed claim rates its location; every score and comment shows, and the network average counts it', () => {
    const { customer, claim } = finishedJob()
    const now = new Date('2026-11-03T12:00:00.000Z')
    const { rating, edited } = rateShop({ profileId: customer.id, claimId: claim.id, score: 2, comment: 'Late and rude.' }, now)
    expect(edited).toBe(false)
    expect(rating).toMatchObject({ partnerLocationId: location.id, partnerGroupId: group.id, score: 2, comment: 'Late and rude.' })
    const summary = ratingSummaryByLocation(db(), [location.id]).get(location.id)!
    expect(summary.count).toBeGreaterThanOrEqual(1)
    expect(summary.latest.map((shown) => shown.comment)).toContain('Late and rude.')
    const period = networkRatingAverage(db(), { from: new Date('2026-11-03T00:00:00.000Z'), to: new Date('2026-11-04T00:00:00.000Z') })
    expect(period).toEqual({ average: 2, count: 1 })
    expect(networkRatingAverage(db(), { from: new Date('2026-11-04T00:00:00.000Z'), to: new Date('2026-11-05T00:00:00.000Z') })).toEqual({
      average: null,
      count: 0,
    })
    const audit = db().select().from(auditLog).where(eq(auditLog.entityId, rating.id)).all()
    expect(audit.map((entry) => entry.action)).toEqual(['shop_rating.given'])
  })

  it('only the claim’s own customer may rate (anyone else is a 404), and only once the job is done', () => {
    const { claim } = finishedJob()
    const stranger = createProfile()
    expect(refusal(() => rateShop({ profileId: stranger.id, claimId: claim.id, score: 5, comment: null }))).toMatchObject({
      init: { status: 404 },
    })
    const open = finishedJob({ approvalStatus: 'approved', completedAt: null })
    const notDone = refusal(() => rateShop({ profileId: open.customer.id, claimId: open.claim.id, score: 5, comment: null }))
    expect(notDone).toBeInstanceOf(RuleError)
    expect((notDone as RuleError).status).toBe(409)
    expect(ratingCardOf(open.customer.id, open.claim.id)).toBeNull()
    expect(db().select().from(shopRatings).where(eq(shopRatings.claimId, open.claim.id)).all()).toEqual([])
  })

  it('rates once: a second rating of the claim changes the first, through the last of the 30 days, and is refused after', () => {
    const { customer, claim, policy } = finishedJob()
    const zone = getPolicyForProfile(customer.id, policy.id)!.timeZone
    const given = new Date('2026-11-03T12:00:00.000Z')
    rateShop({ profileId: customer.id, claimId: claim.id, score: 3, comment: 'Fine.' }, given)
    // The 30th calendar day after the day it was given, to its very end on the customer's clock.
    const end = endOfDayIn('2026-12-03', zone)
    const lastMoment = new Date(end.getTime() - 1)
    const again = rateShop({ profileId: customer.id, claimId: claim.id, score: 4, comment: 'Better on second thought.' }, lastMoment)
    expect(again.edited).toBe(true)
    expect(db().select().from(shopRatings).where(eq(shopRatings.claimId, claim.id)).all()).toHaveLength(1)
    expect(ownRating(customer.id, claim.id, lastMoment).rating).toMatchObject({
      score: 4,
      editable: true,
      editableUntil: 'December 3, 2026',
    })
    const late = refusal(() => rateShop({ profileId: customer.id, claimId: claim.id, score: 1, comment: null }, end))
    expect(late).toBeInstanceOf(RuleError)
    expect((late as RuleError).status).toBe(409)
    expect(ownRating(customer.id, claim.id, end).rating).toMatchObject({ score: 4, editable: false })
  })

  it('the shop answers a rating of its own once; another group’s staff get a 404', () => {
    const { customer, claim } = finishedJob()
    const { rating } = rateShop({ profileId: customer.id, claimId: claim.id, score: 5, comment: 'Quick and tidy.' })
    const staff = findOrCreateProfile(uniqueEmail('staff'))
    const first = answerRating({
      groupId: group.id,
      ratingId: rating.id,
      answer: 'Thank you!',
      staffProfileId: staff.id,
      staffEmail: staff.email,
    })
    expect(first).toMatchObject({ answer: 'Thank you!', answeredBy: staff.email })
    const second = refusal(() =>
      answerRating({ groupId: group.id, ratingId: rating.id, answer: 'Thanks again', staffProfileId: staff.id, staffEmail: staff.email }),
    )
    expect((second as RuleError).status).toBe(409)
    expect(db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()!.answer).toBe('Thank you!')
    expect(
      refusal(() =>
        answerRating({
          groupId: otherGroup.id,
          ratingId: rating.id,
          answer: 'Not ours',
          staffProfileId: staff.id,
          staffEmail: staff.email,
        }),
      ),
    ).toMatchObject({ init: { status: 404 } })
  })

  it('the operator hides a comment only for a listed reason: the reason shows in its place, audited, and the score still counts', async () => {
    const { customer, claim } = finishedJob()
    const { rating } = rateShop({ profileId: customer.id, claimId: claim.id, score: 1, comment: 'Call Bob at 801-555-0199.' })
    const operator = findOrCreateProfile('operator@example.com')
    const cookie = await sessionCookieFor(operator.id)
    const action = inOperatorArea(adminRatingsRoute.action)
    // A reason not on the list is refused by its field, and nothing changes.
    const refused = await settle(() =>
      action(routeArgs(makeRequest('/admin/ratings', { cookie, form: { ratingId: rating.id, reason: 'i_dislike_it' } })) as never),
    )
    expect(refused.status).toBe(400)
    expect(db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()!.hiddenReason).toBeNull()
    const done = await settle(() =>
      action(routeArgs(makeRequest('/admin/ratings', { cookie, form: { ratingId: rating.id, reason: 'personal_data' } })) as never),
    )
    expect(done.status).toBe(302)
    // The operator's page lists it, newest first, with the reason; a page past the last answers 400 with the first.
    const loader = inOperatorArea(adminRatingsRoute.loader)
    const listed = await settle(() => loader(routeArgs(makeRequest('/admin/ratings', { cookie })) as never))
    type Listed = { ratings: { id: string; hiddenReason: string | null }[]; page: { page: number } }
    expect((listed.data as Listed).ratings[0]).toMatchObject({ id: rating.id, hiddenReason: 'personal_data' })
    const past = await settle(() => loader(routeArgs(makeRequest('/admin/ratings?page=999', { cookie })) as never))
    expect(past.status).toBe(400)
    expect((past.data as Listed).page.page).toBe(1)
    const row = db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()!
    expect(row).toMatchObject({ hiddenReason: 'personal_data', hiddenBy: operator.id, score: 1 })
    const shown = ratingSummaryByLocation(db(), [location.id], 100)
      .get(location.id)!
      .latest.find((entry) => entry.id === rating.id)!
    expect(shown).toMatchObject({ comment: null, hiddenReason: 'personal_data', score: 1 })
    expect(RATING_HIDE_REASON_LABELS[shown.hiddenReason!]).toMatch(/personal information/)
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, rating.id), eq(auditLog.action, 'shop_rating.hidden')))
      .get()!
    expect(audit).toMatchObject({ actor: operator.id, entityType: 'shop_rating', detail: { reason: 'personal_data', claimId: claim.id } })
    // Hidden once: a second hiding is refused, and the first reason stands.
    expect(refusal(() => hideRatingComment({ ratingId: rating.id, reason: 'threats', actorId: operator.id }))).toBeInstanceOf(RuleError)
    expect(db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()!.hiddenReason).toBe('personal_data')
    // The same words sent again stay hidden; new words are the customer's to show, until hidden again.
    rateShop({ profileId: customer.id, claimId: claim.id, score: 2, comment: 'Call Bob at 801-555-0199.' })
    expect(db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()).toMatchObject({
      hiddenReason: 'personal_data',
      score: 2,
    })
    rateShop({ profileId: customer.id, claimId: claim.id, score: 2, comment: 'The chip still shows a little.' })
    expect(db().select().from(shopRatings).where(eq(shopRatings.id, rating.id)).get()).toMatchObject({ hiddenReason: null, hiddenBy: null })
  })

  it('the routes: the customer posts a rating and is sent back to the claim page; a stranger’s post is a 404; a bad score is a 400 by its field', async () => {
    const { customer, claim } = finishedJob()
    const cookie = await sessionCookieFor(customer.id)
    const post = (form: Record<string, string>, who = cookie) =>
      settle(() =>
        ratingRoute.action(
          routeArgs(makeRequest(`/customer/claims/${claim.id}/rating`, { cookie: who, form }), { claimId: claim.id }) as never,
        ),
      )
    const bad = await settle(() =>
      ratingRoute.action(
        routeArgs(makeRequest(`/customer/claims/${claim.id}/rating`, { cookie, form: { score: '9' } }), { claimId: claim.id }) as never,
      ),
    )
    expect(bad.status).toBe(400)
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error.score).toBeTruthy()
    // An open job's claim is refused, with or without a valid score, never a 500.
    const open = finishedJob({ approvalStatus: 'approved', completedAt: null })
    const openCookie = await sessionCookieFor(open.customer.id)
    for (const form of [{ score: '9' }, { score: '4' }]) {
      const answer = await settle(() =>
        ratingRoute.action(
          routeArgs(makeRequest(`/customer/claims/${open.claim.id}/rating`, { cookie: openCookie, form }), {
            claimId: open.claim.id,
          }) as never,
        ),
      )
      expect(answer.status).toBe(409)
    }
    const stranger = await sessionCookieFor(createProfile().id)
    expect((await post({ score: '5' }, stranger)).status).toBe(404)
    const done = await post({ score: '5', comment: 'Great work.' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/customer/claims/${claim.confirmationCode}#rating-title`)
    expect(db().select().from(shopRatings).where(eq(shopRatings.claimId, claim.id)).get()).toMatchObject({
      score: 5,
      comment: 'Great work.',
    })
  })

  it('the shop’s page answers once by a plain post; a second answer is refused by its field', async () => {
    const { customer, claim } = finishedJob()
    const { rating } = rateShop({ profileId: customer.id, claimId: claim.id, score: 4, comment: 'Good.' })
    const staffEmail = uniqueEmail('desk')
    db().insert(shopStaff).values({ partnerGroupId: group.id, email: staffEmail, addedBy: 'operator' }).run()
    const cookie = await sessionCookieFor(findOrCreateProfile(staffEmail).id)
    const post = (answer: string) =>
      settle(() =>
        shopRatingsRoute.action(routeArgs(makeRequest('/shop/ratings', { cookie, form: { ratingId: rating.id, answer } })) as never),
      )
    const listed = await settle(() => shopRatingsRoute.loader(routeArgs(makeRequest('/shop/ratings', { cookie })) as never))
    expect((listed.data as { ratings: { id: string }[] }).ratings.map((shown) => shown.id)).toContain(rating.id)
    const past = await settle(() => shopRatingsRoute.loader(routeArgs(makeRequest('/shop/ratings?page=999', { cookie })) as never))
    expect(past.status).toBe(400)
    expect((await post('')).status).toBe(400)
    expect((await post('Thanks for coming in.')).status).toBe(302)
    const again = await post('Another answer')
    expect(again.status).toBe(409)
    expect((again.data as { result: { error: Record<string, string[]> } }).result.error[`answer-${rating.id}`]).toBeTruthy()
  })

  it('the completion asks once by e-mail, with a link to the rating page', async () => {
    const { customer, claim } = finishedJob()
    await askForRating(claim.id)
    const [email] = outboxFor(customer.email).filter((sent) => sent.tag === 'shop-rating-request')
    expect(email!.subject).toBe('How did Rated Glass Sandy do?')
    expect(email!.text).toContain(`/customer/claims/${claim.id}/rating`)
    rateShop({ profileId: customer.id, claimId: claim.id, score: 5, comment: null })
    await askForRating(claim.id)
    expect(outboxFor(customer.email).filter((sent) => sent.tag === 'shop-rating-request')).toHaveLength(1)
  })
})
