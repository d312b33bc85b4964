import { formatLongDate } from '~/domain/format'
import { describeAppointment, TIME_SLOT_NAMES, type TimeSlot } from '~/domain/shops'

import { Action, EmailLayout, FinePrint, oneLine, Paragraph, type RenderedEmail, renderEmail, textBody } from './layout'

/** The appointment between the shop and the customer: the time the shop gives, and the customer's one request to change it. */

// --- to the customer: the shop's time ----------------------------------------------------------------------------

type AppointmentProps = {
  confirmationCode: string
  shop: string
  shopPhone: string | null
  /** 'YYYY-MM-DDTHH:MM', the time where the work is done. */
  appointmentAt: string
  /** Another time than the one asked for. */
  proposed: boolean
  place: string
  /** Where the customer may ask for another time (once); null once they have. */
  rescheduleUrl: string | null
  claimUrl: string
}

function appointmentWording(props: AppointmentProps) {
  const shop = oneLine(props.shop)
  const when = describeAppointment(props.appointmentAt)
  return {
    title: props.proposed ? 'Your shop proposes another time' : 'Your appointment is confirmed',
    lines: [
      props.proposed
        ? `${shop} cannot do the time you asked for and proposes ${when} for claim ${props.confirmationCode}.`
        : `${shop} confirmed your appointment for claim ${props.confirmationCode}: ${when}.`,
      `Where: ${oneLine(props.place)}.`,
      props.rescheduleUrl
        ? `If this time does not suit you, you can ask for another time once: ${props.shopPhone ? `call ${oneLine(props.shopPhone)}, or ` : ''}use the link below.`
        : props.shopPhone
          ? `To change it, call ${oneLine(props.shopPhone)}.`
          : 'To change it, call the shop.',
    ],
  }
}

export function AppointmentEmail(props: AppointmentProps) {
  const { title, lines } = appointmentWording(props)
  return (
    <EmailLayout title={title} preheader={describeAppointment(props.appointmentAt)}>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {props.rescheduleUrl ? <Action href={props.rescheduleUrl}>Ask for another time</Action> : null}
      <FinePrint>{`Your claim: ${props.claimUrl}`}</FinePrint>
    </EmailLayout>
  )
}

export function appointmentEmail(props: AppointmentProps): Promise<RenderedEmail> {
  const { title, lines } = appointmentWording(props)
  return renderEmail({
    subject: `${title}: ${describeAppointment(props.appointmentAt)}`,
    html: <AppointmentEmail {...props} />,
    text: textBody(title, ...lines, props.rescheduleUrl && `Ask for another time: ${props.rescheduleUrl}`, `Your claim: ${props.claimUrl}`),
  })
}

// --- to the shop: the customer asks for another time ------------------------------------------------------------

type RescheduleProps = {
  partnerGroup: string
  confirmationCode: string
  customerName: string
  customerPhone: string | null
  /** The time the shop had given. */
  previous: string
  preferredDate: string
  preferredSlot: TimeSlot
  jobUrl: string
}

function rescheduleWording(props: RescheduleProps) {
  return [
    `The customer of claim ${props.confirmationCode} (${oneLine(props.customerName)}${props.customerPhone ? `, ${oneLine(props.customerPhone)}` : ''}) cannot come at ${describeAppointment(props.previous)} and asks for ${formatLongDate(props.preferredDate, oneLine(props.preferredDate))}, ${(TIME_SLOT_NAMES[props.preferredSlot] ?? oneLine(props.preferredSlot)).toLowerCase()}.`,
    'Please confirm a time on the job page.',
  ]
}

export function RescheduleRequestedEmail(props: RescheduleProps) {
  const lines = rescheduleWording(props)
  return (
    <EmailLayout title="A customer asks for another time" preheader={`Claim ${props.confirmationCode}`}>
      {lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Action href={props.jobUrl}>Open the job</Action>
    </EmailLayout>
  )
}

export function rescheduleRequestedEmail(props: RescheduleProps): Promise<RenderedEmail> {
  return renderEmail({
    subject: `Claim ${props.confirmationCode}: the customer asks for another time`,
    html: <RescheduleRequestedEmail {...props} />,
    text: textBody('A customer asks for another time', ...rescheduleWording(props), `Open the job: ${props.jobUrl}`),
  })
}
