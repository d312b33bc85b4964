/**
 * Privacy Policy: the full text shown at /privacy-policy.
 *
 * Exactly the 14 required sections, in their required order (tests/unit/content.test.ts); their ids are stable anchors
 * (e.g. /privacy-policy#us-state-rights). Keep the facts in line with what the product really does: payments through
 * Stripe, e-mailed sign-in links, texts through Twilio, letters through Lob, photos with their camera facts and
 * perceptual hashes, consent records with their IP address and browser, what the shop doing a repair sees, setup
 * photos passing to a plan's next owner, and the records a deletion keeps (domain/privacy.ts, the state table).
 */

import type { LegalDocument } from './legal'

/**
 * ISO date; show it with formatLongDate() → 'December 3, 2026'. Shown as the 'Revised' date; earlier revisions are kept
 * word for word (content/privacy-versions.ts).
 */
export const PRIVACY_LAST_UPDATED = '2026-12-03'

export type PrivacyOptions = {
  /** Where privacy requests, appeals and questions go. */
  supportEmail: string
  /** The provider's legal name (PROVIDER_NAME). */
  companyName: string
  /** Its US postal address without the name, one line or several joined by ', ' (PROVIDER_ADDRESS). */
  postalAddress: string
}

/** Section ids in order, for a table of contents or tests. */
export const PRIVACY_SECTION_IDS = [
  'information-we-collect',
  'how-we-process',
  'sharing',
  'cookies',
  'social-logins',
  'retention',
  'security',
  'minors',
  'privacy-rights',
  'do-not-track',
  'us-state-rights',
  'policy-updates',
  'contact',
  'review-update-delete',
] as const

export function privacyPolicy({ supportEmail, companyName, postalAddress }: PrivacyOptions): LegalDocument {
  return {
    title: 'Privacy Policy',
    intro: [
      `This Privacy Policy explains how ${companyName} ("we", "us", "our") collects, uses, shares and protects your personal information when you visit our website, buy a windshield protection plan, or use our services, and what choices and rights you have.`,
      `In short: we collect what we need to sell you a plan, activate it and handle your claims. We do not sell your personal information. If you have questions or concerns, e-mail us at ${supportEmail}.`,
    ],
    sections: [
      {
        id: 'information-we-collect',
        heading: 'What information do we collect?',
        paragraphs: [
          `We collect personal information that you give us when you sign up, set up your plan, file a claim or contact us, and a small amount of technical information automatically when you use the website. The information we collect depends on how you use our services and may include:`,
        ],
        bullets: [
          `Names.`,
          `E-mail addresses.`,
          `Phone numbers: the number you give us for text messages about your claims, with the record of your consent to texts and of any request to stop them. A reply that asks us to stop, in any words, ends our texts at once, and we confirm it with one text. When our daily number of texts is reached, we send a text the next day, or e-mail you its news instead.`,
          `Postal addresses: the mailing address you give us, for the notices your state requires on paper and any you ask us to post, and the address of a mobile repair.`,
          `Authentication data: the single-use sign-in links and codes we e-mail you, and the session that keeps you signed in.`,
          `Card and billing details. Payments are handled by our card payment provider, Stripe, which collects and stores your card number. We never see or store your full card number; we may receive limited details such as the card brand, its last four digits and your billing address.`,
          `Your vehicle's identification number (VIN), license plate and plate state, and its make, model and year.`,
          `Photos of your windshield and of any damage, and what you tell us about a claim. With each photo we keep what the camera recorded in it (when the photo was taken, and the camera's make and model) and a short fingerprint of the picture (a perceptual hash), which lets us see whether the same photo was sent before.`,
          `Records of your consents (to the Terms of Service, to receiving documents electronically, to automatic renewal and to text messages): when you gave each one, the words you agreed to, and the IP address and browser you used.`,
          `Your ratings of a partner shop, with any comment you write.`,
          `Technical information, such as your IP address, browser type and the pages you visit, which our servers record to keep the service secure and working.`,
        ],
      },
      {
        id: 'how-we-process',
        heading: 'How do we process your information?',
        paragraphs: [
          `We process your personal information to provide and improve our services, and only where we have a valid reason under the law. We use it to:`,
        ],
        bullets: [
          `create your account and sign you in;`,
          `take your payments and manage your subscription;`,
          `activate your plan, including checking your windshield photos and vehicle eligibility;`,
          `review your claims and arrange repairs or replacements with partner glass shops, including checking claim photos against earlier ones to prevent fraud;`,
          `send you messages about your plan, such as sign-in links, renewal notices, price changes and claim updates, by e-mail, by text message when you asked for texts, and by post when your state requires paper or you ask for it;`,
          `keep the records of your consents and of your contract that the law requires;`,
          `publish our service record and the partner shops' ratings (figures and comments, never your name);`,
          `answer your questions and requests;`,
          `prevent fraud and abuse, keep our services secure, and meet our legal obligations.`,
        ],
      },
      {
        id: 'sharing',
        heading: 'When and with whom do we share your personal information?',
        paragraphs: [`We share personal information only as described here, and only what each recipient needs:`],
        bullets: [
          `Payment processing: Stripe, our card payment provider, processes your card payments and subscription under its own privacy policy.`,
          `Partner glass shops: when a claim is approved, the shop doing the work sees your name, e-mail address and phone number, your postal address (for a mobile repair, the address of the work), your vehicle's details, and the claim's photos and answers, so it can reach you and do the work.`,
          `Service providers that run parts of our service for us, and may use your information only to do so: our hosting provider; our e-mail delivery provider (Postmark), which sends our e-mails; our texting provider (Twilio), which sends the texts you asked for and receives your replies, such as STOP; and our mail provider (Lob), which prints and posts our letters and so receives the name and postal address on them.`,
          `The next owner of your vehicle: if you transfer your plan to the person who buys your vehicle, the setup photos of its windshield pass to them with the plan, so the plan keeps its record of the glass. Your name, contact details and claims do not.`,
          `Wallets: if you add your plan card to Apple Wallet or save it to Google Wallet, the card's contents (the plan, the vehicle and its plate, the policy number) go to Apple or Google at your request, under their privacy policies.`,
          `The public: a rating you give a partner shop is shown with its comment on our site, without your name, and the shop may answer it there. Our public service record shows figures only.`,
          `Vehicle data: to show the models available for a make and year, or to read the VIN you type, we ask a public vehicle-data service (the NHTSA vPIC database) with only the year and make or the VIN, never your personal details.`,
          `Maps: if we show partner shop locations or help you find a shop near you, a maps service may receive location information, such as an address or ZIP code, under its own privacy policy.`,
          `Legal and safety reasons: when the law requires it, or to protect our rights, our customers or others.`,
          `Business transfers: if our business is merged, sold or financed, your information may be transferred as part of that deal, under this Privacy Policy.`,
        ],
      },
      {
        id: 'cookies',
        heading: 'Do we use cookies and other tracking technologies?',
        paragraphs: [
          `We use cookies that are needed to run the service: one keeps you signed in, and short-lived ones carry messages from one page to the next (for example, "Signed out") and protect forms against misuse. We do not use cookies for advertising.`,
          `When you pay, you are taken to Stripe's checkout page, where Stripe may set its own cookies to process the payment and prevent fraud.`,
          `You can block or delete cookies in your browser settings, but you will not be able to stay signed in without them.`,
        ],
      },
      {
        id: 'social-logins',
        heading: 'How do we handle your social logins?',
        paragraphs: [
          `Today you sign in with a secure link or code that we e-mail to you; you do not need a password or a social media account.`,
          `If we offer sign-in through a social media or other third-party account (such as Google or Apple) in the future and you choose to use it, we will receive profile information from that provider, such as your name and e-mail address. We will use it only as described in this Privacy Policy. The provider's own privacy policy governs what it does with your information.`,
        ],
      },
      {
        id: 'retention',
        heading: 'How long do we keep your information?',
        paragraphs: [
          `We keep your personal information for as long as your account exists, because we need it to run your plans and claims.`,
          `When you delete your account, we delete your personal information or make it anonymous, except for records the law requires us to keep and what we need to resolve a dispute. Only our operator can see a kept record; each is marked with the day it may go and is deleted on that day. Before you confirm a deletion, your privacy page tells you which records we will keep and until when. The records the law requires are:`,
        ],
        bullets: [
          `Texas: the file of your service contract (your name and postal address, the contract's version and dates, and the date and description of each claim), until one year after your coverage ended (Texas Occupations Code §1304.155).`,
          `California: the record of your consent to automatic renewal, for three years after you gave it, or until one year after your contract ended if that is later (California Business and Professions Code §17602).`,
          `Everywhere: payment and tax records, for as long as tax and accounting law requires.`,
        ],
      },
      {
        id: 'security',
        heading: 'How do we keep your information safe?',
        paragraphs: [
          `We use technical and organizational measures to protect your personal information. Our website is served over encrypted connections (HTTPS), sign-in links and codes are single-use, expire quickly and are stored in scrambled (hashed) form, and your photos are shown only to you, to our staff and to the partner shop handling your claim (and the setup photos, to the next owner of a plan you transfer).`,
          `No method of transmission or storage is completely secure, so we cannot promise that your information will never be accessed or used without permission. Please keep your e-mail account secure, because it is how you sign in.`,
        ],
      },
      {
        id: 'minors',
        heading: 'Do we collect information from minors?',
        paragraphs: [
          `Our services are for adults. We do not knowingly collect information from, or market to, anyone under 18 years of age, and you must be at least 18 to buy a plan.`,
          `If we learn that we have collected personal information from someone under 18, we will close the account and delete that information promptly. If you believe we may have such information, please e-mail ${supportEmail}.`,
        ],
      },
      {
        id: 'privacy-rights',
        heading: 'What are your privacy rights?',
        paragraphs: [
          `Depending on where you live, you may have the right to know what personal information we hold about you, to get access to it and a copy of it, to correct it, and to have it deleted. You can also withdraw any consent you have given us, and you can unsubscribe from any marketing e-mail at any time using the link in it. We will still send you messages that are needed to run your plan, such as sign-in links, renewal notices and claim updates.`,
          `To exercise any of these rights, e-mail ${supportEmail}. We will not treat you differently for exercising them.`,
        ],
      },
      {
        id: 'do-not-track',
        heading: 'Controls for Do-Not-Track features',
        paragraphs: [
          `Many web browsers include a Do-Not-Track ("DNT") setting. No uniform standard for recognizing and acting on DNT signals has been finalized, so we do not currently respond to DNT browser signals. If a standard is adopted that we must follow, we will describe it in a revised version of this Privacy Policy.`,
          `Because we do not sell or share personal information for targeted advertising, there is nothing for an opt-out preference signal, such as Global Privacy Control, to switch off.`,
        ],
      },
      {
        id: 'us-state-rights',
        heading: 'Do United States residents have specific privacy rights?',
        paragraphs: [
          `If you live in a US state with a consumer privacy law (such as California, Colorado, Connecticut, Oregon, Texas, Utah or Virginia), you may have the rights listed below.`,
          `The categories of personal information we have collected in the past 12 months are: identifiers (name, e-mail address, phone number, postal address, license plate, VIN, IP address); customer records (billing details, handled by Stripe); commercial information (the plans you bought, your claims and your ratings); information about your vehicle (make, model and year); photos you upload, with the time and camera recorded in them and their perceptual hashes; records of your consents; account sign-in data; and internet activity (the technical information our servers record, and the browser in your consent records).`,
          `We have not sold personal information, and have not shared personal information with third parties for cross-context behavioral advertising, in the preceding 12 months, and we will not do so in the future. We disclose personal information only to the service providers and partner shops described above, for the purposes described there.`,
          `To make a request, e-mail ${supportEmail}. We will verify your identity before acting on a request, usually by matching the e-mail address you write from with the one on your account, and we may ask for more information if needed. You may use an authorized agent to make a request for you; the agent must have your written and signed permission, and we may still ask you to verify your identity with us directly. We will respond within the time the law allows, normally within 45 days.`,
          `If we decline your request, you may appeal by e-mailing ${supportEmail} with the subject "Privacy appeal". We will tell you in writing what we decided and why. If your appeal is denied, you may contact your state's attorney general.`,
        ],
        bullets: [
          `Right to know whether we process your personal information, and what we collect, use and disclose.`,
          `Right to access your personal information.`,
          `Right to correct inaccurate personal information.`,
          `Right to delete your personal information.`,
          `Right to obtain a copy of your personal information in a portable format.`,
          `Right to non-discrimination for exercising your rights.`,
          `Right to opt out of the sale of your personal information, of targeted advertising, and of profiling that has legal or similarly significant effects.`,
        ],
      },
      {
        id: 'policy-updates',
        heading: 'Do we make updates to this policy?',
        paragraphs: [
          `We may update this Privacy Policy from time to time. The updated version will carry a new "Revised" date at the top and takes effect when it is published. If we make material changes, we will tell you by e-mail or by a clear notice on our website before they take effect. Please review this policy from time to time.`,
        ],
      },
      {
        id: 'contact',
        heading: 'How can you contact us about this policy?',
        paragraphs: [
          `If you have questions or comments about this Privacy Policy, e-mail us at ${supportEmail}, or write to us at:`,
          `${companyName}, ${postalAddress}`,
        ],
      },
      {
        id: 'review-update-delete',
        heading: 'How can you review, update or delete the data we collect from you?',
        paragraphs: [
          `You can review your plans, vehicle details and claims at any time by signing in to your customer dashboard.`,
          `To get a copy of your personal information, correct it, or have it deleted, e-mail ${supportEmail} from the address on your account. If you ask us to delete your account while a plan is still active, we will first explain how that affects your plan and any open claims; records we must keep by law are kept as described under "How long do we keep your information?".`,
        ],
      },
    ],
  }
}
