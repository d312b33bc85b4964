import { Fragment } from 'react'

import { ANSWER_PROMISE } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { mapLink, TIME_SLOT_NAMES, type TimeSlot } from '~/domain/shops'

import {
  Action,
  Code,
  EmailLayout,
  FinePrint,
  oneLine,
  Paragraph,
  quoted,
  type RenderedEmail,
  renderEmail,
  renderLinesEmail,
  textBody,
} from './layout'

/** The e-mails of a claim's life: received, approved, denied, appeal received, completed; and the operator's note. */

// --- received ----------------------------------------------------------------------------------------------------

type ClaimReceivedProps = { confirmationCode: string; claimUrl: string }

const RECEIVED = {
  title: 'Claim Submitted Successfully!',
  thanks: 'Thank you. Your windshield claim has been submitted and is waiting for review.',
  review: `We review claims ${ANSWER_PROMISE} and will e-mail you as soon as it is reviewed.`,
}

export function ClaimReceivedEmail(props: ClaimReceivedProps) {
  return (
    <EmailLayout title={RECEIVED.title} preheader={`Confirmation code ${props.confirmationCode}`}>
      <Paragraph>{RECEIVED.thanks}</Paragraph>
      <Paragraph>Your confirmation code:</Paragraph>
      <Code>{props.confirmationCode}</Code>
      <Paragraph>{RECEIVED.review}</Paragraph>
      <Action href={props.claimUrl}>View your claim</Action>
      <FinePrint>{`Claim ID: ${props.confirmationCode}`}</FinePrint>
    </EmailLayout>
  )
}

export function claimReceivedEmail(props: ClaimReceivedProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: `We received your claim ${props.confirmationCode}`,
    html: <ClaimReceivedEmail {...props} />,
    text: textBody(
      RECEIVED.title,
      RECEIVED.thanks,
      `Your confirmation code: ${props.confirmationCode}`,
      RECEIVED.review,
      `View your claim: ${props.claimUrl}`,
      `Claim ID: ${props.confirmationCode}`,
    ),
  })
}

// --- approved ----------------------------------------------------------------------------------------------------

type ClaimApprovedProps = {
  confirmationCode: string
  partnerGroup: string
  partnerPhone: string | null
  partnerEmail: string | null
  /** The shop's places, where the customer takes the car (a group may have several). */
  partnerPlaces?: { name: string; address: string }[]
  claimUrl: string
  /** Set when the operator left the choice of shop to the customer: the page where they choose one and a time. */
  chooseShopUrl?: string
  /** Set when the published decision rules approved the claim as it was filed: their version and the page that sets them out. */
  decidedByRules?: { version: string; rulesUrl: string }
}

/** The line that says which rule set approved a claim, and where it is published. */
function rulesLine(decided: { version: string; rulesUrl: string }) {
  return `Approved at once by our published decision rules (version ${decided.version}): ${decided.rulesUrl}`
}

const APPROVED_TITLE = 'Your claim is approved'
const CHOOSE_SHOP =
  'Choose a shop near you and a time that suits you (at the shop, or at your home or work where the shop has mobile service). There is nothing to pay: your plan has a zero deductible.'
const APPROVED_STEPS =
  'Contact the shop to book a time, and give them your confirmation code. There is nothing to pay: your plan has a zero deductible.'

function approvedWording(props: ClaimApprovedProps) {
  const partnerGroup = oneLine(props.partnerGroup)
  return {
    partnerGroup,
    contact: [props.partnerPhone, props.partnerEmail].filter(Boolean).map(oneLine).join(' · '),
    places: (props.partnerPlaces ?? []).map((place) => ({
      line: `${oneLine(place.name)}: ${oneLine(place.address)}`,
      map: mapLink(place.address),
    })),
    intro: `Good news: your windshield claim is approved. ${partnerGroup} will do the work.`,
  }
}

export function ClaimApprovedEmail(props: ClaimApprovedProps) {
  const { partnerGroup, contact, places, intro } = approvedWording(props)
  if (props.chooseShopUrl) {
    return (
      <EmailLayout title={APPROVED_TITLE} preheader={`Choose a shop for claim ${props.confirmationCode}`}>
        <Paragraph>Good news: your windshield claim is approved.</Paragraph>
        {props.decidedByRules ? (
          <Paragraph>
            {`Approved at once by our published decision rules (version ${props.decidedByRules.version}). `}
            <a href={props.decidedByRules.rulesUrl}>How claims are decided</a>
          </Paragraph>
        ) : null}
        <Paragraph>Your confirmation code (give this to the shop):</Paragraph>
        <Code>{props.confirmationCode}</Code>
        <Paragraph>{CHOOSE_SHOP}</Paragraph>
        <Action href={props.chooseShopUrl}>Choose a shop</Action>
        <FinePrint>{`Your claim: ${props.claimUrl}`}</FinePrint>
        <FinePrint>{`Claim ID: ${props.confirmationCode}`}</FinePrint>
      </EmailLayout>
    )
  }
  return (
    <EmailLayout title={APPROVED_TITLE} preheader={`Give code ${props.confirmationCode} to ${partnerGroup}`}>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>Your confirmation code (give this to the shop):</Paragraph>
      <Code>{props.confirmationCode}</Code>
      <Paragraph>
        <strong>Your shop:</strong>
        {` ${partnerGroup}`}
        {contact ? (
          <>
            <br />
            {contact}
          </>
        ) : null}
        {places.map((place) => (
          <Fragment key={place.line}>
            <br />
            {`${place.line} `}
            <a href={place.map}>(map)</a>
          </Fragment>
        ))}
      </Paragraph>
      <Paragraph>{APPROVED_STEPS}</Paragraph>
      <Action href={props.claimUrl}>View your claim</Action>
      <FinePrint>{`Claim ID: ${props.confirmationCode}`}</FinePrint>
    </EmailLayout>
  )
}

export function claimApprovedEmail(props: ClaimApprovedProps): Promise<RenderedEmail> {
  const { partnerGroup, contact, places, intro } = approvedWording(props)
  if (props.chooseShopUrl) {
    return renderEmail({
      subject: `Your claim ${props.confirmationCode} is approved: choose a shop`,
      html: <ClaimApprovedEmail {...props} />,
      text: textBody(
        APPROVED_TITLE,
        'Good news: your windshield claim is approved.',
        props.decidedByRules ? rulesLine(props.decidedByRules) : '',
        `Your confirmation code (give this to the shop): ${props.confirmationCode}`,
        CHOOSE_SHOP,
        `Choose a shop: ${props.chooseShopUrl}`,
        `Your claim: ${props.claimUrl}`,
        `Claim ID: ${props.confirmationCode}`,
      ),
    })
  }
  return renderEmail({
    subject: `Your claim ${props.confirmationCode} is approved`,
    html: <ClaimApprovedEmail {...props} />,
    text: textBody(
      APPROVED_TITLE,
      intro,
      `Your confirmation code (give this to the shop): ${props.confirmationCode}`,
      [`Your shop: ${partnerGroup}`, contact, ...places.map((place) => `${place.line}\nMap: ${place.map}`)].filter(Boolean).join('\n'),
      APPROVED_STEPS,
      `View your claim: ${props.claimUrl}`,
      `Claim ID: ${props.confirmationCode}`,
    ),
  })
}

// --- assigned to a shop ------------------------------------------------------------------------------------------

type ShopAssignedProps = {
  partnerGroup: string
  confirmationCode: string
  damageType: string
  vehicle: string | null
  customerName: string
  completeUrl: string
  /** The location the operator assigned the job to (name and address), when the customer chose none. */
  location?: string | null
  /** Set when the customer chose the location and asked for a day and a place. */
  booking?: { location: string; preferredDate: string; preferredSlot: TimeSlot; place: string; customerPhone: string | null }
}

const ASSIGNED_TITLE = 'A claim is assigned to you'

function assignedWording(props: ShopAssignedProps) {
  const partnerGroup = oneLine(props.partnerGroup)
  const booking = props.booking
  return {
    partnerGroup,
    lines: [
      booking
        ? `A windshield claim has been approved and the customer chose ${oneLine(booking.location)} (${partnerGroup}). They would like ${formatLongDate(booking.preferredDate, oneLine(booking.preferredDate))}, ${(TIME_SLOT_NAMES[booking.preferredSlot] ?? oneLine(booking.preferredSlot)).toLowerCase()}: ${oneLine(booking.place)}. Please call them to confirm a time${booking.customerPhone ? ` (${oneLine(booking.customerPhone)})` : ''}.`
        : `A windshield claim has been approved and assigned to ${partnerGroup}${props.location ? `, at ${oneLine(props.location)}` : ''}. The customer will contact you to book a time.`,
      `Damage: ${props.damageType}. Vehicle: ${props.vehicle ? oneLine(props.vehicle) : 'not given'}. Customer: ${oneLine(props.customerName)}.`,
      'When the work is done, open the claim with its code and upload the invoice and the repair photos.',
    ],
  }
}

export function ShopAssignedEmail(props: ShopAssignedProps) {
  const { lines } = assignedWording(props)
  return (
    <EmailLayout title={ASSIGNED_TITLE} preheader={`Claim ${props.confirmationCode}: ${props.damageType}`}>
      <Paragraph>{lines[0]}</Paragraph>
      <Paragraph>Confirmation code:</Paragraph>
      <Code>{props.confirmationCode}</Code>
      <Paragraph>{lines[1]}</Paragraph>
      <Paragraph>{lines[2]}</Paragraph>
      <Action href={props.completeUrl}>Open the claim</Action>
    </EmailLayout>
  )
}

/** To the partner group's address when a claim is approved and assigned to it: the work, and where to complete it. */
export function shopAssignedEmail(props: ShopAssignedProps): Promise<RenderedEmail> {
  const { partnerGroup, lines } = assignedWording(props)
  return renderEmail({
    subject: `New approved claim ${props.confirmationCode} for ${partnerGroup}`,
    html: <ShopAssignedEmail {...props} />,
    text: textBody(
      ASSIGNED_TITLE,
      lines[0],
      `Confirmation code: ${props.confirmationCode}`,
      lines[1],
      lines[2],
      `Open the claim: ${props.completeUrl}`,
    ),
  })
}

// --- denied ------------------------------------------------------------------------------------------------------

type ClaimDeniedProps = {
  confirmationCode: string
  reason: string
  /** Null when the denial was the decision on an appeal (final). */
  appealUntil: Date | null
  appealUrl: string
  /** The claim's own page. */
  claimUrl: string
  supportEmail: string
}

const DENIED = { title: 'Your claim was not approved', intro: 'We reviewed your windshield claim and could not approve it.' }

function deniedWording(props: ClaimDeniedProps) {
  return {
    appeal: props.appealUntil
      ? `If you disagree, you can appeal this decision until ${formatLongDate(props.appealUntil)} (14 days). Open your dashboard and choose 'Appeal' on this claim, or use the button below, and tell us why. We decide appeals within 30 days.`
      : 'This was the decision on your appeal.',
    help: `Questions? Write to ${props.supportEmail}.`,
    reference: `Claim ID: ${props.confirmationCode}`,
  }
}

export function ClaimDeniedEmail(props: ClaimDeniedProps) {
  const { appeal, help, reference } = deniedWording(props)
  return (
    <EmailLayout title={DENIED.title}>
      <Paragraph>{DENIED.intro}</Paragraph>
      <Paragraph>
        <strong>Reason:</strong>
        {` ${props.reason}`}
      </Paragraph>
      <Paragraph>{appeal}</Paragraph>
      {props.appealUntil ? <Action href={props.appealUrl}>Appeal this decision</Action> : null}
      <FinePrint>{`Your claim: ${props.claimUrl}`}</FinePrint>
      <FinePrint>{help}</FinePrint>
      <FinePrint>{reference}</FinePrint>
    </EmailLayout>
  )
}

export function claimDeniedEmail(props: ClaimDeniedProps): Promise<RenderedEmail> {
  const { appeal, help, reference } = deniedWording(props)
  return renderEmail({
    subject: `Your claim ${props.confirmationCode} was not approved`,
    html: <ClaimDeniedEmail {...props} />,
    text: textBody(
      DENIED.title,
      DENIED.intro,
      `Reason:\n${quoted(props.reason)}`,
      appeal,
      props.appealUntil ? `Appeal: ${props.appealUrl}` : null,
      `Your claim: ${props.claimUrl}`,
      help,
      reference,
    ),
  })
}

// --- appeal received ---------------------------------------------------------------------------------------------

type ClaimAppealReceivedProps = { confirmationCode: string; claimUrl: string }

const APPEAL_RECEIVED = {
  title: 'Appeal received',
  intro: 'Your appeal has been received. Your claim is back in review, and we will decide it within 30 days (usually much sooner).',
}

export function claimAppealReceivedEmail(props: ClaimAppealReceivedProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `We received your appeal for claim ${props.confirmationCode}`,
      title: APPEAL_RECEIVED.title,
      preheader: null,
      lines: [APPEAL_RECEIVED.intro],
      help: `Claim ID: ${props.confirmationCode}`,
    },
    { href: props.claimUrl, label: 'View your claim', textAction: 'View your claim' },
  )
}

// --- completed ---------------------------------------------------------------------------------------------------

type ClaimCompletedProps = {
  confirmationCode: string
  repairType: 'repair' | 'replacement'
  partnerGroup: string | null
  claimUrl: string
}

const COMPLETED = { title: 'Your claim is complete', thanks: 'Thank you for trusting Glass Plan. Drive safely!' }

function completedIntro(props: ClaimCompletedProps) {
  const work = props.repairType === 'replacement' ? 'windshield replacement' : 'windshield repair'
  return `Your ${work}${props.partnerGroup ? ` by ${oneLine(props.partnerGroup)}` : ''} is done, and your claim has been marked as complete.`
}

export function claimCompletedEmail(props: ClaimCompletedProps): Promise<RenderedEmail> {
  return renderLinesEmail(
    {
      subject: `Your claim ${props.confirmationCode} is complete`,
      title: COMPLETED.title,
      preheader: null,
      lines: [completedIntro(props), COMPLETED.thanks],
      help: `Claim ID: ${props.confirmationCode}`,
    },
    { href: props.claimUrl, label: 'View your claim', textAction: 'View your claim' },
  )
}

// --- to the operator ---------------------------------------------------------------------------------------------

type OperatorClaimProps = {
  kind: 'new' | 'appeal'
  claimId: string
  confirmationCode: string
  customer: string
  planType: 'chip_only' | 'comprehensive'
  damageType: 'chip' | 'crack'
  vehicle: string | null
  filedLate: boolean
  reviewUrl: string
}

function operatorWording(props: OperatorClaimProps) {
  const what = props.kind === 'appeal' ? 'Appeal' : 'New claim'
  return {
    what,
    facts: [
      `Customer: ${oneLine(props.customer)}`,
      `Plan: ${props.planType === 'chip_only' ? 'Chip Repair Only' : 'Comprehensive'}`,
      `Damage: ${props.damageType}`,
      `Vehicle: ${props.vehicle ? oneLine(props.vehicle) : 'not recorded'}`,
      props.filedLate ? 'Filed more than 48 hours after the damage.' : null,
      'We promise an answer within 48 hours.',
    ].filter((line): line is string => Boolean(line)),
  }
}

export function OperatorClaimEmail(props: OperatorClaimProps) {
  const { what, facts } = operatorWording(props)
  return (
    <EmailLayout title={`${what} to review`}>
      <Code>{props.confirmationCode}</Code>
      {facts.map((fact, index) => (
        <Paragraph key={index}>{fact}</Paragraph>
      ))}
      <Action href={props.reviewUrl}>Review the claim</Action>
    </EmailLayout>
  )
}

/** To the operator: a new claim, or an appeal, waits in the queue. */
export function operatorClaimEmail(props: OperatorClaimProps): Promise<RenderedEmail> {
  const { what, facts } = operatorWording(props)
  return renderEmail({
    subject: `${what} to review: ${props.confirmationCode}${props.filedLate ? ' (filed late)' : ''}`,
    html: <OperatorClaimEmail {...props} />,
    text: textBody(`${what} to review: ${props.confirmationCode}`, facts.join('\n'), `Review: ${props.reviewUrl}`),
  })
}
