import { ESIGN_DISCLOSURE_VERSION, esignDisclosure } from '~/content/esign'
import { env } from '~/env.server'
import { esignPdfCode } from '~/models/people/esign-code.server'
import { routeRules } from '~/server/route-rules'
import { esignDisclosurePdf } from '~/services/esign-pdf.server'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/**
 * GET /esign-disclosure.pdf: the electronic-delivery disclosure as a PDF with the code the signup asks for, shown in
 * the browser (inline) as the contract's PDF would be.
 */
export async function loader() {
  const config = env()
  const pdf = await esignDisclosurePdf({
    version: ESIGN_DISCLOSURE_VERSION,
    sections: esignDisclosure(config.SUPPORT_EMAIL),
    code: esignPdfCode(),
    company: config.PROVIDER_NAME,
  })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="glass-plan-electronic-delivery.pdf"',
      'Content-Length': String(pdf.length),
      'Cache-Control': 'no-store',
    },
  })
}
