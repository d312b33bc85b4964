import { describe, expect, it } from 'vitest'

import { fileDownload } from '~/utils/download'

describe('fileDownload', () => {
  it('saves bytes under the file name, with their length, and keeps a customer’s own file out of every cache', async () => {
    const response = fileDownload(Buffer.from('%PDF-1.7'), {
      fileName: 'glass-plan-contract-GP-1.pdf',
      contentType: 'application/pdf',
      privateFile: true,
    })
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="glass-plan-contract-GP-1.pdf"',
      'content-length': '8',
      'cache-control': 'private, no-store',
    })
    expect(await response.text()).toBe('%PDF-1.7')
  })

  it('a streamed or written file says no length, and an operator’s file no cache rule', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a,b\r\n'))
        controller.close()
      },
    })
    const response = fileDownload(stream, { fileName: 'consent-records-2026-11-27.csv', contentType: 'text/csv; charset=utf-8' })
    expect(response.headers.get('Content-Length')).toBeNull()
    expect(response.headers.get('Cache-Control')).toBeNull()
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="consent-records-2026-11-27.csv"')
    expect(await response.text()).toBe('a,b\r\n')
    expect(fileDownload('BEGIN:VCALENDAR', { fileName: 'a.ics', contentType: 'text/calendar' }).headers.get('Content-Length')).toBeNull()
  })
})
