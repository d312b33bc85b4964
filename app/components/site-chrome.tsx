import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'

import { SERVICE_RECORD_LINK } from '~/content/service-record'
import { ACCESSIBILITY_PATH, HOW_CLAIMS_ARE_DECIDED_PATH, JOIN_NETWORK_PATH, SERVICE_RECORD_PATH } from '~/domain/paths'
import { phoneHref } from '~/domain/phones'

import { buttonClass, listLinkClass } from './ui'

export type NavUser = {
  email: string
  fullName: string | null
  isAdmin: boolean
  isShopStaff?: boolean
  /** Shows the customer's links (Policies, Claims); false for shop staff and the operator who hold no policy. */
  isCustomer?: boolean
} | null

/**
 * The top navigation: the signed-out variant scrolls the landing page; the signed-in one leads to the dashboard.
 *
 * On a phone it is two short rows (the logo with the account buttons, then the section links, scrolling sideways if
 * they do not fit) and scrolls away with the page: a sticky header there covered a fifth of the screen. From 640 px up
 * it is one row that stays at the top. Opaque, so the page never shows through it.
 */
export function SiteHeader({ user }: { user: NavUser }) {
  return (
    <header className="border-b border-slate-200 bg-white sm:sticky sm:top-0 sm:z-20 print:hidden" data-testid="site-header">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-1 sm:gap-x-6 sm:gap-y-2 sm:py-3">
        <Link
          to={user ? (user.isCustomer !== false ? '/customer' : user.isAdmin ? '/admin' : '/shop') : '/'}
          className="flex items-center gap-2 text-lg font-bold text-brand-900 max-sm:min-h-11 max-sm:text-base"
        >
          <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-gradient-to-br from-brand-600 to-sky-400 max-sm:h-5 max-sm:w-5" />
          Glass Plan
        </Link>
        {user ? (
          <>
            <ul className={sectionLinksClass}>
              {user.isCustomer !== false ? (
                <>
                  <ListLink to="/customer">Policies</ListLink>
                  <ListLink to="/customer#claims">Claims</ListLink>
                </>
              ) : null}
              {user.isShopStaff ? <ListLink to="/shop">Shop</ListLink> : null}
              {user.isAdmin ? <ListLink to="/admin">Operator</ListLink> : null}
            </ul>
            <div className="ml-auto flex items-center gap-3">
              {/* The dashboard greets the customer by name; on a phone the row keeps its room for the button. */}
              <span className="max-w-[16rem] truncate text-sm text-slate-700 max-sm:hidden" data-testid="nav-email">
                {user.email}
              </span>
              <Form method="post" action="/auth/sign-out">
                <button type="submit" className={buttonClass('secondary', 'py-1.5')}>
                  Sign Out
                </button>
              </Form>
            </div>
          </>
        ) : (
          <>
            <ul className={sectionLinksClass}>
              <li>
                <a href="/#benefits" className={listLinkClass}>
                  Benefits
                </a>
              </li>
              <li>
                <a href="/#how-it-works" className={listLinkClass}>
                  How it works
                </a>
              </li>
              <li>
                <a href="/#pricing" className={listLinkClass}>
                  Pricing
                </a>
              </li>
              <li>
                <a href="/#faq" className={listLinkClass}>
                  FAQ
                </a>
              </li>
            </ul>
            <div className="ml-auto flex items-center gap-2">
              <Link to="/auth" className={buttonClass('ghost', 'py-1.5 max-sm:px-2')}>
                Sign in
              </Link>
              <Link to="/signup" className={buttonClass('primary', 'py-1.5 max-sm:px-2.5')}>
                Sign up
              </Link>
            </div>
          </>
        )}
      </nav>
    </header>
  )
}

/** A link in the header's or the footer's list of links. */
function ListLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={listLinkClass}>
        {children}
      </Link>
    </li>
  )
}

/** The header's section links: beside the logo from 640 px up; below it on a phone, in one row that scrolls sideways. */
const sectionLinksClass =
  'flex items-center gap-x-5 whitespace-nowrap text-sm font-medium text-slate-800 max-sm:order-last max-sm:w-full max-sm:overflow-x-auto sm:flex-wrap'

/**
 * The foot of every page, the shops' and the operator's too: help (the Contact column) is in the same place
 * everywhere (WCAG 2.2, 3.2.6), with the support line as well as the address.
 */
export function SiteFooter({
  supportEmail,
  supportPhone,
  partnerEmail,
}: {
  supportEmail: string
  supportPhone: string
  partnerEmail: string
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-700 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-slate-900">Glass Plan</p>
          <p className="mt-2">Windshield protection plans for US vehicle owners. A service contract, not insurance.</p>
        </div>
        <div>
          <p className="font-semibold text-slate-900">Contact</p>
          <p className="mt-2">
            Customer support:{' '}
            <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
          <p className="mt-1">
            Phone:{' '}
            <a className="text-brand-700 underline" href={phoneHref(supportPhone)}>
              {supportPhone}
            </a>
          </p>
          <p className="mt-1">
            Become a partner shop:{' '}
            <a className="text-brand-700 underline" href={`mailto:${partnerEmail}`}>
              {partnerEmail}
            </a>
          </p>
          <p className="mt-1">
            <a className="text-brand-700 underline" href={JOIN_NETWORK_PATH}>
              Join the network
            </a>
            : glass shops, apply online.
          </p>
        </div>
        <div>
          <p className="font-semibold text-slate-900">Legal</p>
          <ul className="mt-2 space-y-1">
            <ListLink to="/terms-of-service">Terms of Service</ListLink>
            <ListLink to="/privacy-policy">Privacy Policy</ListLink>
            <ListLink to="/excluded-vehicles">Excluded vehicles</ListLink>
            <ListLink to={HOW_CLAIMS_ARE_DECIDED_PATH}>How claims are decided</ListLink>
            <ListLink to={SERVICE_RECORD_PATH}>{SERVICE_RECORD_LINK}</ListLink>
            <ListLink to={ACCESSIBILITY_PATH}>Accessibility</ListLink>
            <ListLink to="/partner/complete-claim">Partner shops: complete a claim</ListLink>
            <ListLink to="/demo/customer">Try the demo</ListLink>
          </ul>
        </div>
      </div>
    </footer>
  )
}
