/**
 * The disclosures the federal E-SIGN Act (15 U.S.C. §7001(c)) requires before a consumer agrees to receive the
 * contract and notices only electronically: the right to paper copies and how to ask, how to withdraw consent and
 * what follows, and the hardware and software needed. Shown at signup beside its checkbox; the consent record keeps
 * the version. Change the words → a new version.
 */
export const ESIGN_DISCLOSURE_VERSION = 'esign-2026-1'

export const ESIGN_CONSENT_LABEL = 'I agree to receive my contract and all notices electronically'

export function esignDisclosure(supportEmail: string): { heading: string; text: string }[] {
  return [
    {
      heading: 'What you agree to',
      text: 'Glass Plan gives you your contract, its terms, receipts, renewal and price-change notices and every other notice about your plan electronically: on your dashboard and by e-mail to the address of your account. This consent covers this plan and the notices about it for as long as you have it.',
    },
    {
      heading: 'Paper copies',
      text: `You may ask for a paper copy of your contract or of any notice at any time, free of charge: write to ${supportEmail} with your postal address. Asking for a copy does not withdraw your consent.`,
    },
    {
      heading: 'Withdrawing your consent',
      text: `You may withdraw this consent at any time, free of charge, on your privacy page (Privacy & your data, in your dashboard) or by writing to ${supportEmail}. From then on we post your contract and notices on paper to your postal address; your plan continues unchanged. Withdrawing does not undo notices already given electronically.`,
    },
    {
      heading: 'What you need',
      text: 'A device with a current web browser (the latest two versions of Chrome, Firefox, Safari or Edge), an e-mail account that can receive our e-mails, and a way to open or save PDF files (your browser does this). Keep your e-mail address current on your privacy page. If what you need changes, we tell you and you may withdraw your consent at no charge.',
    },
  ]
}
