import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { type LegalDocument, linkify } from '~/content/legal'

import { cx } from './ui'

/**
 * Renders a LegalDocument: title, optional details under it (version, dates), a table of contents linking to each
 * section's anchor, the intro, then the sections. `compact` drops the table of contents and uses smaller headings,
 * for the signup page's scroll box; `idPrefix` keeps its anchors unique on a page that has other ids.
 */
export function LegalDocumentView({
  doc,
  details,
  compact = false,
  idPrefix = '',
  titleAs = 'h1',
  className,
}: {
  doc: LegalDocument
  details?: ReactNode
  compact?: boolean
  idPrefix?: string
  titleAs?: 'h1' | 'h2'
  className?: string
}) {
  const Title = titleAs
  const SectionHeading = titleAs === 'h1' ? 'h2' : 'h3'
  return (
    <article className={cx('text-slate-800', className)}>
      <header>
        <Title className={cx('font-bold tracking-tight text-slate-900', compact ? 'text-xl' : 'text-3xl sm:text-4xl')}>{doc.title}</Title>
        {details ? <div className={cx('text-sm text-slate-600', compact ? 'mt-1' : 'mt-3')}>{details}</div> : null}
      </header>

      {compact ? null : (
        <nav aria-label={`${doc.title}: contents`} className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <p className="text-sm font-semibold text-slate-900">Contents</p>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${idPrefix}${section.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      <div className={cx('space-y-4 leading-7', compact ? 'mt-4 text-sm' : 'mt-8')}>
        {doc.intro.map((paragraph, index) => (
          <p key={index}>
            <LegalText text={paragraph} />
          </p>
        ))}
      </div>

      <ol className={cx('list-none', compact ? 'mt-4 space-y-5' : 'mt-10 space-y-10')}>
        {doc.sections.map((section, index) => (
          <li key={section.id}>
            <section aria-labelledby={`${idPrefix}${section.id}`}>
              <SectionHeading
                id={`${idPrefix}${section.id}`}
                className={cx('font-semibold text-slate-900', compact ? 'text-base' : 'text-xl')}
              >
                <span className="text-slate-500">{index + 1}. </span>
                {section.heading}
              </SectionHeading>
              <div
                className={cx(
                  'mt-3 space-y-3',
                  compact ? 'text-sm leading-6' : 'leading-7',
                  section.conspicuous && 'font-bold text-slate-900',
                )}
                data-conspicuous={section.conspicuous ? true : undefined}
              >
                {section.paragraphs.map((paragraph, paragraphIndex) => (
                  <p key={paragraphIndex}>
                    <LegalText text={paragraph} />
                  </p>
                ))}
                {section.bullets?.length ? (
                  <ul className="list-disc space-y-2 pl-6">
                    {section.bullets.map((bullet, bulletIndex) => (
                      <li key={bulletIndex}>
                        <LegalText text={bullet} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  )
}

/** Plain legal text with its site paths and e-mail addresses as links. */
function LegalText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : piece.href.startsWith('mailto:') ? (
          <a key={index} href={piece.href} className="text-brand-700 underline">
            {piece.text}
          </a>
        ) : (
          <Link key={index} to={piece.href} className="text-brand-700 underline">
            {piece.text}
          </Link>
        ),
      )}
    </>
  )
}
