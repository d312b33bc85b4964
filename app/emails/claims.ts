import { formatLongDate } from '~/domain/format'

import { button, codeBlock, escapeHtml, finePrint, layout, oneLine, paragraph, quoted, type RenderedEmail, textBody } from './layout'

/** The e-mails of a claim's life: received, approved, denied, appeal received, completed; and the operator's note. */

export function claimReceivedEmail(props: { claimId: string; confirmationCode: string; dashboardUrl: string }): RenderedEmail {
  const subject = `We received your claim ${props.confirmationCode}`
  const lines = [
    'Thank you. Your windshield claim has been submitted and is waiting for review.',
    'We review claims within 2 working days (typically sooner) and will e-mail you as soon as it is reviewed.',
  ]
  const html = layout({
    title: 'Claim Submitted Successfully!',
    preheader: `Confirmation code ${props.confirmationCode}`,
    body: [
      paragraph(lines[0]!),
      paragraph('Your confirmation code:'),
      codeBlock(props.confirmationCode),
      paragraph(lines[1]!),
      button('View your claims', props.dashboardUrl),
      finePrint(`Claim ID: ${props.claimId}`),
    ].join('\n'),
  })
  const text = textBody(
    'Claim Submitted Successfully!',
    lines[0],
    `Your confirmation code: ${props.confirmationCode}`,
    lines[1],
    `View your claims: ${props.dashboardUrl}`,
    `Claim ID: ${props.claimId}`,
  )
  return { subject, html, text }
}

export function claimApprovedEmail(props: {
  claimId: string
  confirmationCode: string
  partnerGroup: string
  partnerPhone: string | null
  partnerEmail: string | null
  dashboardUrl: string
}): RenderedEmail {
  const subject = `Your claim ${props.confirmationCode} is approved`
  const partnerGroup = oneLine(props.partnerGroup)
  const contact = [props.partnerPhone, props.partnerEmail].filter(Boolean).map(oneLine).join(' · ')
  const intro = `Good news: your windshield claim is approved. ${partnerGroup} will do the work.`
  const steps =
    'Contact the shop to book a time, and give them your confirmation code. There is nothing to pay: your plan has a zero deductible.'
  const html = layout({
    title: 'Your claim is approved',
    preheader: `Give code ${props.confirmationCode} to ${partnerGroup}`,
    body: [
      paragraph(intro),
      paragraph('Your confirmation code (give this to the shop):'),
      codeBlock(props.confirmationCode),
      `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937"><strong>Your shop:</strong> ${escapeHtml(partnerGroup)}${contact ? `<br>${escapeHtml(contact)}` : ''}</p>`,
      paragraph(steps),
      button('View your claims', props.dashboardUrl),
      finePrint(`Claim ID: ${props.claimId}`),
    ].join('\n'),
  })
  const text = textBody(
    'Your claim is approved',
    intro,
    `Your confirmation code (give this to the shop): ${props.confirmationCode}`,
    `Your shop: ${partnerGroup}${contact ? `\n${contact}` : ''}`,
    steps,
    `View your claims: ${props.dashboardUrl}`,
    `Claim ID: ${props.claimId}`,
  )
  return { subject, html, text }
}

/** To the partner group's address when a claim is approved and assigned to it: the work, and where to complete it. */
export function shopAssignedEmail(props: {
  partnerGroup: string
  confirmationCode: string
  damageType: string
  vehicle: string | null
  customerName: string
  completeUrl: string
}): RenderedEmail {
  const partnerGroup = oneLine(props.partnerGroup)
  const subject = `New approved claim ${props.confirmationCode} for ${partnerGroup}`
  const lines = [
    `A windshield claim has been approved and assigned to ${partnerGroup}. The customer will contact you to book a time.`,
    `Damage: ${props.damageType}. Vehicle: ${props.vehicle ? oneLine(props.vehicle) : 'not given'}. Customer: ${oneLine(props.customerName)}.`,
    'When the work is done, open the claim with its code and upload the invoice and the repair photos.',
  ]
  const html = layout({
    title: 'A claim is assigned to you',
    preheader: `Claim ${props.confirmationCode}: ${props.damageType}`,
    body: [
      paragraph(lines[0]!),
      paragraph('Confirmation code:'),
      codeBlock(props.confirmationCode),
      paragraph(lines[1]!),
      paragraph(lines[2]!),
      button('Open the claim', props.completeUrl),
    ].join('\n'),
  })
  const text = textBody(
    'A claim is assigned to you',
    lines[0],
    `Confirmation code: ${props.confirmationCode}`,
    lines[1],
    lines[2],
    `Open the claim: ${props.completeUrl}`,
  )
  return { subject, html, text }
}

export function claimDeniedEmail(props: {
  claimId: string
  confirmationCode: string
  reason: string
  /** Null when the denial was the decision on an appeal (final). */
  appealUntil: Date | null
  appealUrl: string
  supportEmail: string
}): RenderedEmail {
  const subject = `Your claim ${props.confirmationCode} was not approved`
  const intro = 'We reviewed your windshield claim and could not approve it.'
  const appeal = props.appealUntil
    ? `If you disagree, you can appeal this decision until ${formatLongDate(props.appealUntil)} (14 days). Open your dashboard and choose 'Appeal' on this claim, or use the button below, and tell us why. We decide appeals within 30 days.`
    : 'This was the decision on your appeal.'
  const help = `Questions? Write to ${props.supportEmail}.`
  const html = layout({
    title: 'Your claim was not approved',
    body: [
      paragraph(intro),
      `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937"><strong>Reason:</strong> ${escapeHtml(props.reason)}</p>`,
      paragraph(appeal),
      props.appealUntil ? button('Appeal this decision', props.appealUrl) : '',
      finePrint(help),
      finePrint(`Claim ID: ${props.claimId} · Code ${props.confirmationCode}`),
    ].join('\n'),
  })
  const text = textBody(
    'Your claim was not approved',
    intro,
    `Reason:\n${quoted(props.reason)}`,
    appeal,
    props.appealUntil ? `Appeal: ${props.appealUrl}` : null,
    help,
    `Claim ID: ${props.claimId} · Code ${props.confirmationCode}`,
  )
  return { subject, html, text }
}

export function claimAppealReceivedEmail(props: { claimId: string; confirmationCode: string; dashboardUrl: string }): RenderedEmail {
  const subject = `We received your appeal for claim ${props.confirmationCode}`
  const intro = 'Your appeal has been received. Your claim is back in review, and we will decide it within 30 days (usually much sooner).'
  const html = layout({
    title: 'Appeal received',
    body: [
      paragraph(intro),
      button('View your claims', props.dashboardUrl),
      finePrint(`Claim ID: ${props.claimId} · Code ${props.confirmationCode}`),
    ].join('\n'),
  })
  const text = textBody(
    'Appeal received',
    intro,
    `View your claims: ${props.dashboardUrl}`,
    `Claim ID: ${props.claimId} · Code ${props.confirmationCode}`,
  )
  return { subject, html, text }
}

export function claimCompletedEmail(props: {
  claimId: string
  confirmationCode: string
  repairType: 'repair' | 'replacement'
  partnerGroup: string | null
  dashboardUrl: string
}): RenderedEmail {
  const subject = `Your claim ${props.confirmationCode} is complete`
  const work = props.repairType === 'replacement' ? 'windshield replacement' : 'windshield repair'
  const intro = `Your ${work}${props.partnerGroup ? ` by ${oneLine(props.partnerGroup)}` : ''} is done, and your claim has been marked as complete.`
  const html = layout({
    title: 'Your claim is complete',
    body: [
      paragraph(intro),
      paragraph('Thank you for trusting Glass Plan. Drive safely!'),
      button('View your claims', props.dashboardUrl),
      finePrint(`Claim ID: ${props.claimId}`),
    ].join('\n'),
  })
  const text = textBody(
    'Your claim is complete',
    intro,
    'Thank you for trusting Glass Plan. Drive safely!',
    `View your claims: ${props.dashboardUrl}`,
    `Claim ID: ${props.claimId}`,
  )
  return { subject, html, text }
}

/** To the operator: a new claim, or an appeal, waits in the queue. */
export function operatorClaimEmail(props: {
  kind: 'new' | 'appeal'
  claimId: string
  confirmationCode: string
  customer: string
  planType: 'chip_only' | 'comprehensive'
  damageType: 'chip' | 'crack'
  vehicle: string | null
  filedLate: boolean
  reviewUrl: string
}): RenderedEmail {
  const what = props.kind === 'appeal' ? 'Appeal' : 'New claim'
  const subject = `${what} to review: ${props.confirmationCode}${props.filedLate ? ' (filed late)' : ''}`
  const facts = [
    `Customer: ${oneLine(props.customer)}`,
    `Plan: ${props.planType === 'chip_only' ? 'Chip Repair Only' : 'Comprehensive'}`,
    `Damage: ${props.damageType}`,
    `Vehicle: ${props.vehicle ? oneLine(props.vehicle) : 'not recorded'}`,
    props.filedLate ? 'Filed more than 48 hours after the damage.' : null,
    'We promise an answer within 48 hours.',
  ].filter((line): line is string => Boolean(line))
  const html = layout({
    title: `${what} to review`,
    body: [codeBlock(props.confirmationCode), ...facts.map(paragraph), button('Review the claim', props.reviewUrl)].join('\n'),
  })
  const text = textBody(`${what} to review: ${props.confirmationCode}`, facts.join('\n'), `Review: ${props.reviewUrl}`)
  return { subject, html, text }
}
