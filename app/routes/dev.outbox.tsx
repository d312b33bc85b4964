import fs from 'node:fs'
import path from 'node:path'

import { PageHeading } from '~/components/ui'
import { formatLongDate } from '~/domain/format'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { requireLocalTools } from '~/server/security.server'
import { lettersDir } from '~/services/mail.server'
import { outboxDir } from '~/services/outbox.server'
import { textsDir } from '~/services/sms.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound, notFound } from '~/utils/refusal'

import type { Route } from './+types/dev.outbox'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** How many messages the page lists (the newest). */
const SHOWN = 200

/**
 * The newest JSON files an offline twin wrote in `dir` (up to SHOWN), each read into a row, newest first, and how many
 * there are in all. File names start with the ISO time, so a plain sort is chronological.
 */
function newestOutboxFiles<Row>(dir: string, toRow: (body: Partial<Row>, file: string) => Row) {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.json')) : []
  files.sort().reverse()
  const rows: Row[] = []
  for (const file of files.slice(0, SHOWN)) {
    try {
      rows.push(toRow(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Partial<Row>, file))
    } catch {
      // A file being written or damaged by hand: skip it rather than fail the page.
    }
  }
  return { rows, total: files.length }
}

type OutboxLetter = { id: string; title: string; to: string[]; certified: boolean; template: string; pdf: string; createdAt: string }

/** The letters the offline mail twin rendered (services/mail.server.ts), newest first. */
function outboxLetters(): OutboxLetter[] {
  if (env().mail !== 'outbox') return []
  return newestOutboxFiles<OutboxLetter>(lettersDir(), (body) => ({
    id: String(body.id ?? ''),
    title: String(body.title ?? ''),
    to: Array.isArray(body.to) ? body.to.map(String) : [],
    certified: body.certified === true,
    template: String(body.template ?? ''),
    pdf: String(body.pdf ?? ''),
    createdAt: String(body.createdAt ?? ''),
  })).rows
}

type OutboxText = { id: string; to: string; body: string; kind: string; createdAt: string }

/** The texts the offline SMS twin wrote (services/sms.server.ts), newest first. */
function outboxTexts(): OutboxText[] {
  if (env().sms !== 'outbox') return []
  return newestOutboxFiles<OutboxText>(textsDir(), (body) => ({
    id: String(body.id ?? ''),
    to: String(body.to ?? ''),
    body: String(body.body ?? ''),
    kind: String(body.kind ?? ''),
    createdAt: String(body.createdAt ?? ''),
  })).rows
}

type OutboxMessage = { file: string; to: string; from: string; subject: string; text: string; tag: string | null; createdAt: string }

/** The e-mails the offline e-mail twin wrote (services/outbox.server.ts), newest first, and how many there are. */
function outboxMessages(): { rows: OutboxMessage[]; total: number } {
  if (env().email !== 'outbox') return { rows: [], total: 0 }
  return newestOutboxFiles<OutboxMessage>(outboxDir(), (body, file) => ({
    file,
    to: String(body.to ?? ''),
    from: String(body.from ?? ''),
    subject: String(body.subject ?? ''),
    text: String(body.text ?? ''),
    tag: body.tag ? String(body.tag) : null,
    createdAt: String(body.createdAt ?? ''),
  }))
}

/**
 * The local outbox, newest first; only while the outbox is the e-mail transport, and only on this machine
 * (requireLocalTools) — 404 otherwise.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireLocalTools({ request, context })
  if (env().email !== 'outbox' && env().mail !== 'outbox' && env().sms !== 'outbox') notFound()
  const { rows: messages, total } = outboxMessages()
  return { messages, total, letters: outboxLetters(), texts: outboxTexts() }
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g

/** The text body with its http(s) links clickable. */
function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN)
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  )
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, total, letters, texts } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageHeading sub="Letters, texts and e-mails the app would have sent, newest first. Shown only while they go to the local outbox.">
        Outbox
      </PageHeading>
      <OutboxSection name="letters" title="Letters" empty={letters.length === 0 ? 'No letters yet.' : null}>
        {letters.map((letter) => (
          <li key={letter.pdf} data-testid="outbox-letter" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="font-semibold text-slate-900">
              {letter.title} · {letter.certified ? 'Certified mail' : 'First-class mail'}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              To {letter.to.join(', ')} · {letter.template} · <SentAt at={letter.createdAt} /> ·{' '}
              <a href={`/dev/outbox/letters/${letter.pdf}`} className="text-brand-700 underline">
                PDF
              </a>
            </p>
          </li>
        ))}
      </OutboxSection>
      <OutboxSection name="texts" title="Texts" empty={texts.length === 0 ? 'No texts yet.' : null}>
        {texts.map((text) => (
          <li key={text.id} data-testid="outbox-text" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-700">
              To <span className="font-medium text-slate-900">{text.to}</span> · {text.kind} · <SentAt at={text.createdAt} />
            </p>
            <p className="mt-2 break-words text-slate-900">
              <LinkifiedText text={text.body} />
            </p>
          </li>
        ))}
      </OutboxSection>
      <h2 className="mb-3 text-xl font-semibold text-slate-900">E-mails</h2>
      {messages.length === 0 ? (
        <p className="text-slate-700">No e-mails yet.</p>
      ) : (
        <>
          {total > messages.length ? (
            <p className="mb-4 text-sm text-slate-700">
              Showing the newest {messages.length} of {total}.
            </p>
          ) : null}
          <ol className="space-y-6">
            {messages.map((message) => (
              <li key={message.file} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <article aria-label={message.subject}>
                  <h3 className="text-lg font-semibold text-slate-900">{message.subject}</h3>
                  <p className="mt-1 text-sm text-slate-700">
                    To <span className="font-medium text-slate-900">{message.to}</span> · from {message.from}
                    {message.tag ? <> · {message.tag}</> : null} · <SentAt at={message.createdAt} />
                  </p>
                  <pre className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-900">
                    <LinkifiedText text={message.text} />
                  </pre>
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  )
}

/** A list of one kind of message under its heading, or the words that say there is none yet. */
function OutboxSection({ name, title, empty, children }: { name: string; title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${name}-heading`} className="mb-10">
      <h2 id={`${name}-heading`} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {empty ? <p className="text-slate-700">{empty}</p> : <ol className="space-y-3">{children}</ol>}
    </section>
  )
}

/** When a message was written, to the second, in UTC (the outbox files' own times). */
function SentAt({ at }: { at: string }) {
  return (
    <time dateTime={at}>
      {formatLongDate(at)} {at.slice(11, 19)} UTC
    </time>
  )
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Outbox', 'The e-mails this machine would have sent.', { noindex: true })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
