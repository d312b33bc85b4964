import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import { describe, expect, it } from 'vitest'

import { pdfProblem } from '~/services/pdfs.server'

import { cleanPdf, pdfWithOpenActionScript, polyglotPdf } from '../support/pdfs'

/** A clean pdfkit PDF changed by pdf-lib before it is saved again. */
async function changed(change: (document: PDFDocument) => void | Promise<void>, options: { useObjectStreams?: boolean } = {}) {
  const document = await PDFDocument.load(await cleanPdf())
  await change(document)
  return Buffer.from(await document.save({ useObjectStreams: options.useObjectStreams ?? false }))
}

const action = (document: PDFDocument, entries: Record<string, unknown>) => document.context.obj({ Type: 'Action', ...entries } as never)

describe('an uploaded PDF is kept only when nothing in it runs, hides a file or reads as a web page', () => {
  it('accepts a plain report made by pdfkit, and one whose opening goes to its first page', async () => {
    expect(await pdfProblem(await cleanPdf())).toBeNull()
    const goTo = await changed((document) => {
      document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, PDFName.of('Fit')]))
    })
    expect(await pdfProblem(goTo)).toBeNull()
  })

  it('refuses JavaScript, wherever it is and however the name is written', async () => {
    expect(await pdfProblem(await pdfWithOpenActionScript())).toBe('script')
    // A name in #xx escapes is the same name to a reader.
    const escaped = Buffer.from((await pdfWithOpenActionScript()).toString('latin1').replace('/JavaScript', '/J#61vaScript'), 'latin1')
    expect(escaped.toString('latin1')).not.toContain('/JavaScript')
    expect(await pdfProblem(escaped)).toBe('script')
    // In the catalog's name tree, inside a compressed object stream (invisible in the raw bytes).
    const named = await changed(
      (document) => {
        const script = action(document, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') })
        const names = document.context.obj({ JavaScript: document.context.obj({ Names: [PDFString.of('a'), script] }) })
        document.catalog.set(PDFName.of('Names'), document.context.register(names))
      },
      { useObjectStreams: true },
    )
    expect(named.toString('latin1')).not.toContain('/JavaScript')
    expect(await pdfProblem(named)).toBe('script')
    // A page's automatic action, and an XFA form.
    const pageAction = await changed((document) => {
      document
        .getPage(0)
        .node.set(PDFName.of('AA'), document.context.obj({ O: action(document, { S: 'URI', URI: PDFString.of('https://example.com') }) }))
    })
    expect(await pdfProblem(pageAction)).toBe('script')
    const xfa = await changed((document) => {
      document.catalog.set(PDFName.of('AcroForm'), document.context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }))
    })
    expect(await pdfProblem(xfa)).toBe('script')
  })

  it('refuses a launched program and a file carried inside', async () => {
    const launch = await changed((document) => {
      document.catalog.set(PDFName.of('OpenAction'), action(document, { S: 'Launch', F: PDFString.of('calc.exe') }))
    })
    expect(await pdfProblem(launch)).toBe('launch')
    const linkLaunch = await changed((document) => {
      const link = document.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 10, 10],
        A: action(document, { S: 'Launch', F: PDFString.of('x') }),
      })
      document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([document.context.register(link)]))
    })
    expect(await pdfProblem(linkLaunch)).toBe('launch')
    const attached = await changed((document) => document.attach(Buffer.from('MZ'), 'setup.exe', { mimeType: 'application/octet-stream' }))
    expect(await pdfProblem(attached)).toBe('embedded_file')
  })

  it('refuses HTML a browser would take for a page: before the PDF, or inside it', async () => {
    expect(await pdfProblem(await polyglotPdf())).toBe('html')
    const inside = await changed((document) => document.catalog.set(PDFName.of('Note'), PDFString.of('<html><body>hello</body></html>')))
    expect(await pdfProblem(inside)).toBe('html')
    const before = Buffer.concat([Buffer.from('<!DOCTYPE html><title>x</title>\n'), await cleanPdf()])
    expect(await pdfProblem(before)).toBe('html')
  })

  it('refuses what does not parse, has no page, or hides behind a password, without throwing', async () => {
    for (const bytes of [
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      Buffer.from('%PDF-1.7 and then nothing'),
      Buffer.from(`%PDF-1.4\n1 0 obj ${'['.repeat(100_000)}${']'.repeat(100_000)} endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`),
      (await cleanPdf()).subarray(0, 400),
    ]) {
      expect(await pdfProblem(bytes)).toBe('unreadable')
    }
    const encrypted = Buffer.from(
      (await cleanPdf())
        .toString('latin1')
        .replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>'),
      'latin1',
    )
    expect(await pdfProblem(encrypted)).toBe('encrypted')
  })
})
