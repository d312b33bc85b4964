import { type RenderedEmail, renderLinesEmail } from './layout'

export type ChoiceReminderEmailProps = {
  confirmationCode: string
  chooseShopUrl: string
  supportEmail: string
}

function wording({ confirmationCode, supportEmail }: ChoiceReminderEmailProps) {
  return {
    subject: `Choose a shop for claim ${confirmationCode}`,
    title: 'Your approved claim is waiting for you',
    lines: [
      `Claim ${confirmationCode} is approved, and you have not chosen a shop and a time yet.`,
      'Your service promise starts when you choose: chip repair within 24 hours, replacement within 3 business days. Until then the clock waits for you.',
    ],
    help: `Questions about your claim? Write to ${supportEmail}.`,
  }
}

/** Sent once by the daily job when an approved claim still waits for the customer to choose the shop left to them. */
export function choiceReminderEmail(props: ChoiceReminderEmailProps): Promise<RenderedEmail> {
  return renderLinesEmail(wording(props), { href: props.chooseShopUrl, label: 'Choose a shop', textAction: 'Choose a shop' })
}
