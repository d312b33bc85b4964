/**
 * Terms of Service: the full text shown at /terms-of-service and in the signup scroll box.
 *
 * One constant, TOS_VERSION, is both displayed at the top of the terms and recorded with
 * every policy at checkout (tos_version), so the text a customer read and the version we stored can
 * never differ. Change the text → bump TOS_VERSION and TOS_LAST_UPDATED together.
 *
 * The wording is a plain-English service contract (not insurance). Facts must stay in line with
 * the product's rules: 48-hour claim window, 14-day appeal / 30-day decision, 12-month commitment where the state
 * allows it, cancellation and refunds by state (written from the state table, content/state-terms.ts), 30 days'
 * notice, $250 / $5,000 arbitration figures, 10,000 lb GVWR, Utah law. Earlier versions: content/terms-versions.ts.
 */

import type { LegalDocument } from './legal'
import { REFUNDS_BY_STATE_HEADING, refundsByStateSection } from './state-terms'

export const TOS_VERSION = '1.0.6'

/** ISO date; show it with formatLongDate() → 'November 26, 2026'. */
export const TOS_LAST_UPDATED = '2026-12-03'

export type TermsOptions = {
  /** Customer-support address: claims questions, appeals, arbitration opt-out. */
  supportEmail: string
  /** The provider's legal name, as the contract names it (PROVIDER_NAME: content/site-legal.ts fills it in). */
  companyName: string
}

export function termsOfService({ supportEmail, companyName }: TermsOptions): LegalDocument {
  return {
    title: 'Terms of Service',
    intro: [
      `These Terms of Service (the "Terms") are a contract between you and ${companyName} ("we", "us", "our"). They apply to every windshield protection plan you buy from us and to your use of our website. Please read them before you subscribe: when you tick "I have read and agree to the Terms of Service" and pay, you agree to them.`,
      `A protection plan is a service contract, not an insurance policy. We arrange and pay for the windshield repair and replacement services described below, carried out by partner glass shops in our network. We do not pay money to you for damage to your vehicle.`,
      `The section "Binding arbitration and class-action waiver" below contains a binding arbitration agreement and a class-action waiver that affect how disputes between us are resolved. You can opt out of arbitration within 30 days, as that section explains.`,
    ],
    sections: [
      {
        id: 'plans',
        heading: 'Our plans',
        paragraphs: [
          `You choose one plan for one vehicle, paid monthly or yearly. The plan, its price, how often you pay and the vehicle class you chose are shown before you pay and on your customer dashboard afterwards.`,
        ],
        bullets: [
          `Chip Repair Only: unlimited repairs of chips in your front windshield, with a zero deductible. Cracks and windshield replacement are not included, except a replacement under the repair guarantee (see "How claims work").`,
          `Comprehensive: unlimited repairs of chips and cracks in your front windshield, plus one full windshield replacement per plan year, with a zero deductible. Comprehensive is priced by vehicle class (Car, or Truck/SUV) and costs more when your vehicle has ADAS.`,
          `ADAS (advanced driver-assistance systems) means cameras or sensors mounted on or behind the windshield, such as lane-keeping or automatic emergency braking cameras. If your Comprehensive plan is priced for a vehicle with ADAS, the recalibration these systems need after a covered replacement is included. If your vehicle has ADAS but your plan was priced without it, recalibration is not covered, so please choose accurately.`,
          `A "plan year" is each 12-month period starting on the date your coverage becomes active. An unused replacement does not carry over to the next plan year.`,
          `"Zero deductible" means you pay nothing to the shop for covered work that we have approved.`,
        ],
      },
      {
        id: 'coverage',
        heading: 'What is covered',
        paragraphs: [
          `Your plan covers damage to the front windshield of the registered vehicle that happens while your coverage is active, is reported on time (see "How claims work"), and is approved by us before any work starts. Only the front windshield is covered.`,
          `Whether damage can be repaired or needs a replacement is decided by us together with the partner shop, based on the size and position of the damage and on safety. A chip or crack in the driver's line of sight, or one that cannot be repaired safely, may need a replacement. Under Chip Repair Only a replacement is not covered (except under the repair guarantee); the shop may offer it to you at its own price, as a separate arrangement between you and the shop.`,
          `Replacement glass meets the vehicle manufacturer's specifications (original-equipment or equivalent quality).`,
        ],
      },
      {
        id: 'exclusions',
        conspicuous: true,
        heading: 'What is not covered',
        paragraphs: [`Your plan does not cover:`],
        bullets: [
          `Pre-existing damage: any chip, crack or other damage that existed before your coverage became active, including damage visible in your setup photos.`,
          `Glass other than the front windshield: side windows, rear windows, sunroofs and moonroofs, mirrors, and headlight or taillight lenses.`,
          `Damage caused by a collision or accident with another vehicle or object, or by a rollover.`,
          `Vandalism, theft, attempted theft, or any other deliberate damage, whoever caused it.`,
          `Damage to a vehicle used for commercial purposes, such as carrying passengers or goods for pay, deliveries, or as part of a business fleet.`,
          `Damage from fire, flood, earthquake, falling trees or buildings, or other natural disasters.`,
          `Damage from racing, off-road events, misuse, or driving in a way the vehicle was not designed for.`,
          `Damage caused by an earlier repair or installation that was not done by one of our partner shops.`,
          `Wear and tear, such as pitting, sandblasting, scratches, wiper marks and delamination, and manufacturing defects covered by a manufacturer's warranty.`,
          `Tint, film, stickers, toll tags, dash cameras and other accessories attached to the glass, and their removal or reinstallation.`,
          `Recalibration of ADAS cameras or sensors, unless your Comprehensive plan is priced for a vehicle with ADAS.`,
          `Towing, rental vehicles, lost time, or any other cost beyond the covered repair or replacement itself.`,
          `Any damage to a vehicle that is not eligible (see "Vehicle eligibility"), or work that was not approved by us in advance.`,
        ],
      },
      {
        id: 'eligibility',
        conspicuous: true,
        heading: 'Vehicle eligibility',
        paragraphs: [
          `A plan can only cover an eligible vehicle, and the information you give us about it must be accurate. If a vehicle turns out not to be eligible, we may deny claims for it and end the plan (see "When we may end your plan").`,
          `Luxury and exotic brands are excluded from Comprehensive plans. The full list of excluded brands is on our Excluded Vehicles page at /excluded-vehicles. Vehicles of those brands may still be covered by a Chip Repair Only plan if they meet every other rule in this section.`,
        ],
        bullets: [
          `Personal passenger vehicles only: cars, SUVs, minivans and pickup trucks that you own or lease and use for personal purposes, registered in the United States with a valid license plate.`,
          `No vehicle with a gross vehicle weight rating (GVWR) over 10,000 lb.`,
          `No motorcycles, RVs or motor homes, or trailers of any kind.`,
          `No antique vehicles: no vehicle registered or insured as an antique, classic or historic vehicle.`,
          `No custom windshields: no vehicle with custom, modified, armored or specialty glass that is not available through ordinary glass suppliers, including kit cars and custom builds.`,
          `No vehicle used for commercial purposes (see "What is not covered").`,
          `Comprehensive plans: no vehicle of a brand listed on the Excluded Vehicles page (/excluded-vehicles).`,
        ],
      },
      {
        id: 'activation',
        conspicuous: true,
        heading: 'When your coverage starts',
        paragraphs: [
          `Paying for a plan does not start your coverage by itself. Your coverage becomes active only when all four of the following are done:`,
        ],
        bullets: [
          `Registration: you have entered your vehicle's details (license plate and state, year, make and model) in your account.`,
          `Approved photos: you have uploaded the three required photos of your windshield (a head-on view from outside, a view from inside on the driver's side and a view from inside on the passenger's side), and they clearly show the whole windshield. Photos are approved when you complete setup unless we tell you otherwise. We may review them later and ask for new ones if they are unclear; until we receive usable photos, claims may wait.`,
          `Fee paid: your first monthly or yearly fee has been paid successfully.`,
          `Confirmation: we confirm that your coverage is active. Your customer dashboard then shows the plan as Active.`,
        ],
      },
      {
        id: 'term-and-renewal',
        heading: 'Term, commitment and automatic renewal',
        paragraphs: [
          `Every plan has a first term of 12 months, starting on the day you subscribe, paid either in monthly installments or in one yearly payment, as you chose when you subscribed. The 12-month commitment applies only where the law of your state allows it (see "${REFUNDS_BY_STATE_HEADING}"): there, after your state's free-look period, you agree to pay for the whole first term. Everywhere else you may cancel at any time. Your dashboard shows the date your first term ends and, where the commitment applies, the date from which it binds.`,
          `When the first term ends, your plan renews automatically: from month to month if you pay monthly, or from year to year if you pay yearly, at the price then in effect, until you or we cancel it. We will send you a renewal notice by e-mail at least 30 days before your first term ends, and before each yearly renewal, reminding you of the renewal and how to turn it off.`,
          `By subscribing you authorize us, through our card payment provider, to charge your payment card each month, or each year if you pay yearly, until your plan ends. If a payment fails we will e-mail you and try again. While a payment is overdue, your plan is past due and claims cannot be filed or approved. If payment is still not made, we may end your plan as your state allows (see "When we may end your plan").`,
        ],
      },
      {
        id: 'fees',
        heading: 'Fees and price changes',
        paragraphs: [
          `Your monthly or yearly fee is the price shown when you subscribe, plus any tax that applies.`,
          `We may increase the price of a plan. We will tell you by e-mail at least 30 days before the increase takes effect, and the new price will only apply to charges made after those 30 days. If you do not accept the increase, you may turn off renewal or cancel as described under "Cancelling your plan". Where your state requires your agreement to a higher price (New York, and wherever we do not yet know your state), the increase applies only once you accept it: if you do not, you keep your current price.`,
          `When you cancel, you receive the refund your state gives (see "${REFUNDS_BY_STATE_HEADING}", which also sets out how it is worked out). Where your state refunds the unused part of what you paid, that includes a partial month or year. Only where the rule of your state gives no refund is the fee for the current billing period kept.`,
        ],
      },
      {
        id: 'claims',
        conspicuous: true,
        heading: 'How claims work',
        paragraphs: [
          `You must file a claim within 48 hours of the damage happening. Small chips can spread into cracks quickly, and prompt reporting lets us fix them while a repair is still possible. We may deny a claim that is filed late.`,
          `To file a claim, sign in to your dashboard, choose "Submit Claim" for your active plan, upload at least one photo of the damage and tell us what happened. Claims can only be filed for an active plan whose setup is complete. We review every claim and answer you within 48 hours, typically sooner.`,
          `Clear claims are approved the moment you file them by our published decision rules, which are set out in plain words at /how-claims-are-decided. The rules only ever approve: they never deny a claim. A claim the rules do not approve waits for a person, who decides it within the same 48 hours.`,
          `We may reverse an approval the rules made only before the shop has completed the work, and only when the claim turns out not to be what the rules read: the damage, its date or its photos differ from what was filed, or a check on the photos finds they were used before. We then tell you why by e-mail and on your dashboard; a reversal is a denial, and you may appeal it (see "Denied claims and appeals").`,
          `Each claim has a confirmation code in the form CS-XXXXXX. Once your claim is approved and a partner shop is assigned, give the shop this code: it is how the shop finds your claim and records the completed work.`,
          `Once your claim is approved, our service promise applies, with a credit if we miss it (see "Service promise and credits").`,
          `These rules apply to every claim:`,
        ],
        bullets: [
          `Pre-approval: every repair or replacement must be approved by us before any work begins.`,
          `Partner shops only: covered work must be done by a partner glass shop in our network that we assign or approve.`,
          `No reimbursement: we do not reimburse you for work done by any other shop, for work done before approval, or for any amount you choose to pay a shop yourself.`,
          `The partner shop may inspect the vehicle before starting. If the damage or the vehicle is different from what the claim described, the work may stop until we review the claim again.`,
          `A Comprehensive plan includes one replacement per plan year. A second replacement in the same plan year is not covered, except under the repair guarantee.`,
          `Repair guarantee: if a chip that a partner shop repaired under your plan cracks within 12 months after the repair was completed, we cover the replacement of the windshield, on either plan (Chip Repair Only included). File it from the repaired claim on your dashboard ("My repair failed") with photos of the crack, within 48 hours of noticing it. A replacement under the repair guarantee does not use your plan year's replacement.`,
          `Filing a false or exaggerated claim, or a claim for pre-existing damage, is a serious breach of these Terms (see "When we may end your plan").`,
        ],
      },
      {
        id: 'service-promise',
        heading: 'Service promise and credits',
        paragraphs: [
          `Our service promise: once your claim is approved, a chip is repaired within 24 hours and a windshield is replaced within 3 business days (Saturdays, Sundays and US federal holidays do not count). Your claim page shows your promise date.`,
          `The promise runs against us only. Where we leave the choice of shop to you, the promise starts when you choose the shop and the time, not before; if you have not chosen a day after approval, we remind you by e-mail, and the promise waits until you choose. If you ask for a day later than the promise, that day is your choice: the promise then runs to the end of the day you chose. If you ask for another time before the promise runs out, the new time is yours and the promise no longer applies to that claim.`,
          `Service credit: if we miss the promise for a reason on our side, we credit you one month's price of your plan, once per claim, without you having to ask. A monthly payer's credit is taken off the next payment; a yearly payer receives a twelfth of the yearly price back to the card. We e-mail you when the credit is paid, and your dashboard lists it.`,
        ],
      },
      {
        id: 'appeals',
        heading: 'Denied claims and appeals',
        paragraphs: [
          `If we deny a claim, we will tell you why by e-mail and on your dashboard.`,
          `You may appeal a denial within 14 days of the date we sent it. Appeal from your dashboard, or by e-mail to ${supportEmail}, and tell us why you believe the claim should be approved; you may include more photos or information. We will review the appeal and send you our decision within 30 days of receiving it.`,
          `Appealing is free. Our decision on the appeal is final under these Terms, but it does not take away your rights under "Binding arbitration and class-action waiver" below.`,
        ],
      },
      {
        id: 'partner-shops',
        heading: 'Partner shops',
        paragraphs: [
          `Partner shops are independent businesses. They perform the work; we arrange it and pay them for covered work we have approved. If you have a problem with work done under your plan, tell us at ${supportEmail} and we will work with the shop to put it right.`,
          `The shop sees the information it needs to do the job: your name and e-mail address, your vehicle's details and the photos for the claim.`,
        ],
      },
      {
        id: 'cancellation',
        heading: 'Cancelling your plan',
        paragraphs: [
          `You can cancel online from your customer dashboard, and you can turn off automatic renewal online at any time. When you may cancel, and what is refunded, depends on the state you live in: see "${REFUNDS_BY_STATE_HEADING}". Before you confirm a cancellation, your dashboard shows the refund you will receive.`,
          `Where your state allows the 12-month commitment, you cannot cancel during it once your state's free-look period has passed, but you can turn off automatic renewal: your plan then ends when the 12-month commitment ends, and no further charges are made after it. After the commitment has ended, you can cancel at any time.`,
          `Cancellation takes effect immediately: your coverage ends at once and no further fees are charged. Your cancellation never waits for your refund: if our payment provider cannot be reached when you cancel, your plan is cancelled all the same, and the refund is worked out as of that moment and paid as soon as the provider answers, within your state's deadline or with the penalty your state sets for a late refund.`,
          `Any claim that has not been completed when your plan ends may be affected, and we may close it.`,
          `Selling or disposing of your vehicle does not end your plan by itself: you may transfer your plan to the vehicle's next owner (see "Transfer to the next owner"), transfer it once to a replacement vehicle (see "Transferring your plan to a replacement vehicle"), or cancel as above. If your vehicle is stolen or declared a total loss, contact us at ${supportEmail}.`,
        ],
      },
      refundsByStateSection(),
      {
        id: 'termination',
        heading: 'When we may end your plan',
        paragraphs: [
          `We may end your plan, and your coverage, for the reasons listed below, as your state allows: only on the grounds your state permits, with the notice your state requires (by post where it requires it) and from the date that notice gives. We will tell you why. When we end your plan you receive the refund your state gives when we cancel, without a cancellation fee, and we may deny an open claim that the reason concerns.`,
          `Where your state requires the notice by post, we count its days from the day the letter is mailed, and your plan never ends before the notice has been mailed. In Texas the notice is mailed before the fifth day before the date it gives. In California your coverage ends no sooner than five days after the notice's postmark, and once your plan has been in force for 60 days we may end it only because a fee is unpaid or for a material misrepresentation or fraud by you. In Florida, after the first 60 days, we may end it only on the grounds Florida law lists.`,
          `We may also stop offering plans altogether. If we do, we will give you at least 30 days' notice by e-mail, we will not charge you for any month after your plan ends, and you will not owe the rest of your commitment.`,
          `We may end your plan if:`,
        ],
        bullets: [
          `a fee remains unpaid after we have tried to collect it and told you by e-mail;`,
          `you gave us false or misleading information, including about your vehicle, its use or its condition, or filed a false, exaggerated or fraudulent claim;`,
          `the vehicle is not, or is no longer, eligible for a plan; or`,
          `you abuse, threaten or harass our staff or a partner shop's staff.`,
        ],
      },
      {
        id: 'transfer',
        heading: 'Transferring your plan to a replacement vehicle',
        paragraphs: [
          `If you replace the covered vehicle with another one, you may transfer your plan to the replacement vehicle once during the life of the plan. Contact us at ${supportEmail} to arrange the transfer.`,
          `The replacement vehicle must meet every rule under "Vehicle eligibility" and must belong to you. You will need to enter its details and upload three new windshield photos, and coverage for the replacement vehicle starts only when those are approved (see "When your coverage starts"); damage that exists before then is pre-existing. Your commitment carries on: the transfer does not restart it. If the replacement vehicle's class or ADAS status carries a different price, the new price applies from your next monthly charge.`,
          `To pass your plan to the person who buys your vehicle instead, see "Transfer to the next owner".`,
        ],
      },
      {
        id: 'next-owner',
        heading: 'Transfer to the next owner',
        paragraphs: [
          `If you sell the covered vehicle, you may transfer your plan to its next owner. From your dashboard, give us the buyer's e-mail address and we send the buyer a link. The buyer accepts by signing in or creating an account, accepting the Terms of Service then in effect and paying for the same plan through our checkout.`,
          `Once the buyer has paid, the plan, its vehicle and its setup photos move to the buyer, with the rest of any 12-month commitment; no second setup is needed. Your subscription ends at once without a fee, and we e-mail you both. Until the buyer has paid, the plan stays yours and nothing changes.`,
          `The time you have paid for: unless your state's law keeps it with the plan (Florida), we refund you the unused part of the period you paid for, in whole days from the day the buyer pays (that day counts as used), with any service credit still on your account. In Florida that time stays with the plan and the buyer is first charged when it ends. Before you send the offer, your dashboard shows which applies and the amount as of that day.`,
        ],
      },
      {
        id: 'liability',
        heading: 'Limitation of liability',
        paragraphs: [
          `To the fullest extent the law allows, our total liability to you for all claims arising out of or relating to your plan or these Terms is limited to the total fees you paid us for that plan in the 12 months before the event that gave rise to the claim.`,
          `We are not liable for indirect, incidental, special or consequential losses, such as loss of use of your vehicle, lost time, lost income, or rental and travel costs.`,
          `Some states do not allow certain limits on liability. Nothing in these Terms limits any liability that cannot be limited by law, or any right you have under consumer-protection laws that cannot be waived.`,
        ],
      },
      {
        id: 'your-account',
        conspicuous: true,
        heading: 'Your account and communications',
        paragraphs: [
          `You must be at least 18 years old to buy a plan. You sign in with a secure link or code that we e-mail to you, so keep your e-mail account safe and your e-mail address up to date: you are responsible for what is done with your account.`,
          `You agree that we may send you notices about your plan, including renewal notices, price changes and claim decisions, by e-mail to the address on your account (see "Electronic delivery of your contract and notices"). A notice is given when we send it. How we handle your personal information is explained in our Privacy Policy at /privacy-policy.`,
          `Keep the postal address on your account up to date as well: a notice that your state requires on paper, and any notice you ask us to send by post, is mailed to it, and is given on the day it is mailed. If we have no postal address when such a notice is due, we ask you for one on your dashboard, and the letter waits until you give it.`,
        ],
      },
      {
        id: 'electronic-delivery',
        heading: 'Electronic delivery of your contract and notices',
        paragraphs: [
          `When you subscribe you are asked, separately, to consent to receive this contract and every notice about your plan electronically: on your customer dashboard and by e-mail to the address on your account. The consent covers the contract, renewal and price-change notices, claim decisions and any other notice the law requires us to give you in writing (the federal E-SIGN Act, 15 U.S.C. §7001(c)).`,
          `You may ask for a paper copy of your contract or of any notice, at no charge, by writing to ${supportEmail} with your postal address.`,
          `You may withdraw your consent at any time on your privacy page (/customer/privacy) or by writing to ${supportEmail}. Withdrawing it costs nothing and does not end your plan: we then send your contract and notices by post to the address you give us.`,
          `To receive them electronically you need a device with a current web browser, an e-mail account, and a program that opens PDF files. Before you agree, you open the disclosure about electronic delivery as a PDF and type the code printed in it, which shows that your device opens the PDF files your contract and notices come in. We will tell you if these requirements change.`,
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these Terms',
        paragraphs: [
          `We may update these Terms. The version number and date at the top show which version you are reading, and the version you accepted is recorded with your plan. If we make a change that affects your rights under an existing plan, we will e-mail you at least 30 days before it takes effect; if you do not agree, you may turn off renewal or cancel, as "Cancelling your plan" allows, before the change takes effect.`,
        ],
      },
      {
        id: 'arbitration',
        heading: 'Binding arbitration and class-action waiver',
        paragraphs: [
          `Please read this section carefully. It affects your rights.`,
          `Talk to us first. Most problems can be solved quickly by e-mailing ${supportEmail}. Before starting arbitration, you and we each agree to describe the dispute in writing to the other and to try in good faith to resolve it for at least 30 days.`,
          `Arbitration. If we cannot resolve a dispute informally, you and we agree that any dispute arising out of or relating to your plan, these Terms or our services will be resolved by binding individual arbitration, not in court, except as stated below. The arbitration will be administered by the American Arbitration Association under its Consumer Arbitration Rules, before a single arbitrator, and may take place by video, by phone or in the county where you live. The arbitrator can award the same individual relief a court could.`,
          `Costs. If you start an arbitration, your share of the filing, administration and arbitrator fees will be no more than the lesser of $250 or the filing fee you would have paid to bring the claim in court. We will pay the rest of those fees.`,
          `Small claims. Either of us may instead bring an individual claim in small claims court if the claim is for less than $5,000 and qualifies for that court.`,
          `No class actions. Disputes will be resolved only on an individual basis. Neither you nor we may bring or take part in a class, collective or representative action against the other, and you and we waive any right to a jury trial.`,
          `Opting out. You may opt out of this arbitration agreement within 30 days of first accepting these Terms by e-mailing ${supportEmail} with your name, the e-mail address on your account, and a statement that you opt out of arbitration. Opting out does not affect any other part of these Terms.`,
          `Public injunctive relief. Nothing in this section waives your right to seek public injunctive relief (an order whose main purpose is to stop an unlawful practice that harms the public) under any law that gives it. A claim for public injunctive relief is decided by a court, not by an arbitrator, after any individual claims have been arbitrated.`,
          `If the class-action waiver is found unenforceable for a dispute, that dispute will be decided by a court, not by an arbitrator. This section survives the end of your plan.`,
        ],
      },
      {
        id: 'governing-law',
        heading: 'Governing law',
        paragraphs: [
          `These Terms are governed by the laws of the State of Utah, without regard to its conflict-of-laws rules, and the Federal Arbitration Act governs the arbitration agreement above. Any dispute that is not arbitrated will be heard in the state or federal courts located in Salt Lake County, Utah, unless it is brought in small claims court.`,
          `Nothing in these Terms takes away a right that the law of the state where you live gives you, including the cancellation and refund rights under "${REFUNDS_BY_STATE_HEADING}".`,
          `If any part of these Terms is found unenforceable, the rest remains in effect. These Terms, together with the plan details shown when you subscribed, are the whole agreement between you and us about your plan.`,
        ],
      },
      {
        id: 'complaints',
        heading: 'Complaints',
        paragraphs: [
          `If you are unhappy with us, a claim decision or a partner shop's work, write to ${supportEmail} and say what happened and what you would like us to do. We confirm that we received your complaint within 5 business days and send you our answer, with its reasons, within 30 days. A complaint about a claim decision can also be an appeal (see "Denied claims and appeals").`,
          `If we do not resolve your complaint, you may contact the regulator of your state named in your contract's disclosures, and you keep every right described under "Binding arbitration and class-action waiver".`,
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        paragraphs: [
          `Questions about these Terms, your plan or a claim: e-mail ${supportEmail}. We are ${companyName}, the provider of your plan.`,
        ],
      },
    ],
  }
}
