/**
 * The accessibility statement: the standard the site meets, how that is checked, the gaps we know of and who answers.
 * Plain data, rendered by routes/accessibility.tsx. Change `ACCESSIBILITY_REVIEWED` whenever a word here changes: the page
 * shows it as the statement's date. Every claim here is held by a test (docs/testing.md, "Accessibility").
 */

/** The day this statement was last reviewed against the site. */
export const ACCESSIBILITY_REVIEWED = '2026-12-02'

/** How many business days a reply to an accessibility request takes at most. */
export const ACCESSIBILITY_REPLY_BUSINESS_DAYS = 2

export const ACCESSIBILITY_STANDARD = 'Web Content Accessibility Guidelines (WCAG) 2.2, level AA'

/** How the site is checked, one line each: only what the automated suite really does on every change. */
export const ACCESSIBILITY_TESTS: readonly string[] = [
  'Every kind of page — public pages, sign-in and signup, the customer’s dashboard, setup, claims, the shops’ pages and the operator’s console — is checked with the axe-core engine against the WCAG 2.2 A and AA rules, with JavaScript on and with it off, on every change we make. A finding fails the change.',
  'Every page is checked by the Nu Html Checker, so assistive technology gets valid markup.',
  'Every page and form works without JavaScript, so an older browser, a screen reader or a locked-down computer gets the whole site.',
  'The customer’s pages are tested on a 375-pixel-wide phone screen: nothing scrolls sideways and every button and link is at least 44 × 44 pixels; elsewhere every target is at least 24 × 24 pixels.',
  'Moving through a page with the Tab key, the focused item is never hidden under the header that stays at the top of the screen, and it always shows a visible outline.',
  'Signing in needs no password to remember: we e-mail a link, or a 6-digit code that can be pasted.',
  'Help is in the same place on every page: the Contact column at the foot of the page.',
]

/** What we know does not yet meet the standard, and what to do meanwhile. */
export const ACCESSIBILITY_KNOWN_GAPS: readonly string[] = [
  'The PDF copies of the contract, the glass record and the calibration certificate are not tagged PDFs, so a screen reader may read them out of order. Each has a web page with the same words: the contract and the glass record from your dashboard, the certificate from the claim’s page.',
  'Activating coverage and filing a claim ask for photos of the windshield. If you cannot take them, write to us and we will arrange another way, at no cost.',
  'The operator’s charts are pictures; each one has a table with the same figures beside it.',
  'We have not yet had the site audited by an outside firm; the checks above are our own.',
]
