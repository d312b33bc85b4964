import { beforeAll, describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'
import { CONSENT_MESSAGES } from '~/domain/messages'
import { esignPdfCode, isEsignPdfCode } from '~/models/people/esign-code.server'
import { action as createCheckoutAction } from '~/routes/api.create-checkout'
import { loader as esignPdfLoader } from '~/routes/esign-disclosure[.pdf]'
import { action as signupAction } from '~/routes/signup'

import { ensureSeeded } from '../support/factories'
import { pdfText } from '../support/pdf-text'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { CHECKOUT_API_FIELDS, SIGNUP_FIELDS } from '../support/signup-form'

beforeAll(() => {
  ensureSeeded()
})

const checkoutCount = () => db().select().from(localCheckouts).all().length

const SIGNUP = { planType: 'chip_only', acceptTerms: 'on', ...SIGNUP_FIELDS }

async function postSignup(fields: Record<string, string>) {
  return settle(() => signupAction(routeArgs(makeRequest('/signup', { form: { ...SIGNUP, ...fields } }))))
}

type SignupAnswer = { toast: { title: string }; result: { error?: Record<string, string[] | null> } }

describe("the electronic-delivery disclosure's PDF", () => {
  it('prints the disclosure and the code the consent step asks for, shown in the browser', async () => {
    const response = (await esignPdfLoader()) as Response
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toMatch(/^inline;/)
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    expect(text).toContain(`Your code: ${esignPdfCode()}`)
    for (const heading of ['What you agree to', 'Paper copies', 'Withdrawing your consent', 'What you need'])
      expect(text).toContain(heading)
    expect(esignPdfCode()).toMatch(/^[A-Z2-9]{6}$/)
  })

  it('takes the code as a person types it, and no other', () => {
    const code = esignPdfCode()
    expect(isEsignPdfCode(code)).toBe(true)
    expect(isEsignPdfCode(` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `)).toBe(true)
    expect(isEsignPdfCode(`${code.slice(0, 3)}-${code.slice(3)}`)).toBe(true)
    expect(isEsignPdfCode(code.slice(0, 5))).toBe(false)
    expect(isEsignPdfCode(`${code}A`)).toBe(false)
    expect(isEsignPdfCode(undefined)).toBe(false)
    // Another disclosure version prints another code.
    expect(esignPdfCode('esign-2099-1')).not.toBe(code)
  })
})

describe('the consent step', () => {
  it('asks for the code by its field (400), refuses a wrong one by its field (400), and starts nothing until it is right', async () => {
    const before = checkoutCount()
    const missing = await postSignup({ esignCode: '' })
    expect(missing.status).toBe(400)
    expect((missing.data as SignupAnswer).result.error?.esignCode).toEqual([CONSENT_MESSAGES.esignCodeRequired.description])

    const wrong = await postSignup({ esignCode: esignPdfCode() === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' })
    expect(wrong.status).toBe(400)
    expect((wrong.data as SignupAnswer).toast.title).toBe(CONSENT_MESSAGES.esignCodeWrong.title)
    expect((wrong.data as SignupAnswer).result.error?.esignCode).toEqual([CONSENT_MESSAGES.esignCodeWrong.description])
    expect(checkoutCount()).toBe(before)

    const right = await postSignup({ esignCode: esignPdfCode().toLowerCase() })
    expect(right.status).toBe(303)
    expect(checkoutCount()).toBe(before + 1)
  })

  it('refuses the JSON checkout without the right code (400), and takes it with it', async () => {
    const post = async (fields: Record<string, unknown>) =>
      (await createCheckoutAction(
        routeArgs(
          new Request('http://localhost:3999/api/create-checkout', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999' },
            body: JSON.stringify({
              lookup_key: 'chip_only',
              tos_version: TOS_VERSION,
              tos_accepted_at: new Date().toISOString(),
              ...CHECKOUT_API_FIELDS,
              ...fields,
            }),
          }),
        ),
      )) as Response
    const before = checkoutCount()
    const wrong = await post({ esign_code: esignPdfCode() === 'ZZZZZ9' ? 'ZZZZZ8' : 'ZZZZZ9' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ error: `esign_code: ${CONSENT_MESSAGES.esignCodeWrong.description}` })
    const missing = await post({ esign_code: undefined })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: `esign_code: ${CONSENT_MESSAGES.esignCodeRequired.description}` })
    expect(checkoutCount()).toBe(before)
    expect((await post({})).status).toBe(200)
    expect(checkoutCount()).toBe(before + 1)
  })
})
