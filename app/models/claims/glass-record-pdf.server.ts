import { CALIBRATION_FILES, CALIBRATION_RESULT_NAMES } from '~/domain/calibration'
import type { WindshieldZone } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { WINDSHIELD_ZONE_LABELS } from '~/domain/messages'
import { ADAS_CALIBRATION_NAMES } from '~/domain/shops'
import { vehicleName } from '~/domain/vehicles'
import { ZONE_SHAPES } from '~/domain/windshield-diagram'
import type { GlassRecord } from '~/models/claims/glass-record.server'
import type { CalibrationCertificate } from '~/models/shops/calibration.server'
import { newPdf, type PdfDocument, pdfFact, pdfLetterhead } from '~/services/pdf-document.server'
import { readStored } from '~/services/storage.server'

/**
 * The calibration certificate and the vehicle's glass record as PDFs: the same facts as their pages, with pdfkit's
 * built-in Helvetica (no font files, no browser), the windshield diagram drawn from the same shapes as the page's SVG.
 */

function startDocument(title: string, subject: string, now: Date) {
  const pdf = newPdf({ margin: 60, info: { Title: title, Author: 'Glass Plan', Subject: subject, CreationDate: now } })
  pdfLetterhead(pdf.doc, title)
  return pdf
}

function heading(doc: PdfDocument, text: string, size = 13) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(size).fillColor('#0f172a').text(text)
  doc.moveDown(0.3)
}

const vehicleWords = (vehicle: { year: number; make: string; model: string } | null) => (vehicle ? vehicleName(vehicle) : 'Not recorded')

/** The windshield diagram at the current position, its zone filled; moves the text below it. */
function drawDiagram(doc: PdfDocument, zone: WindshieldZone | null, scale = 0.6) {
  const left = doc.page.margins.left
  const top = doc.y + 4
  for (const shape of ZONE_SHAPES) {
    const [first, ...rest] = shape.points
    doc.moveTo(left + first![0] * scale, top + first![1] * scale)
    for (const [x, y] of rest) doc.lineTo(left + x * scale, top + y * scale)
    doc
      .closePath()
      .lineWidth(1)
      .fillAndStroke(shape.zone === zone ? '#f59e0b' : shape.zone === 'edge' ? '#cbd5e1' : '#e0f2fe', '#334155')
  }
  doc.y = top + 140 * scale + 6
  doc.x = left
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#334155')
    .text(zone ? `Damage zone: ${WINDSHIELD_ZONE_LABELS[zone].toLowerCase()} (seen from the driver's seat)` : 'Damage zone not recorded')
}

function certificateFacts(doc: PdfDocument, certificate: CalibrationCertificate) {
  const { proof } = certificate
  pdfFact(doc, 'Vehicle', vehicleWords(certificate.vehicle))
  if (certificate.vehicle?.vin) pdfFact(doc, 'VIN', certificate.vehicle.vin)
  pdfFact(doc, 'Claim', certificate.code)
  pdfFact(doc, 'Work completed', formatLongDate(certificate.completedAt))
  pdfFact(doc, 'Shop', certificate.shop ?? 'Not recorded')
  if (certificate.partNumber) pdfFact(doc, 'Part fitted', certificate.partNumber)
  pdfFact(doc, 'Calibration', ADAS_CALIBRATION_NAMES[proof.method])
  pdfFact(doc, 'Result', CALIBRATION_RESULT_NAMES[proof.result])
  pdfFact(doc, 'Tool', `${proof.toolMake}, serial ${proof.toolSerial}`)
  pdfFact(doc, 'Technician', proof.technicianName)
  pdfFact(doc, 'Recorded', formatLongDate(proof.recordedAt))
  pdfFact(
    doc,
    'Evidence on file',
    certificate.files.map((file) => CALIBRATION_FILES[file.documentType as keyof typeof CALIBRATION_FILES].label).join('; ') || 'None',
  )
}

export async function calibrationCertificatePdf(certificate: CalibrationCertificate, now = new Date()): Promise<Buffer> {
  const { doc, done } = startDocument('ADAS calibration certificate', `Claim ${certificate.code}`, now)
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor('#1e293b')
    .text("The partner shop recorded this calibration of the vehicle's driver-assistance camera after its glass work.")
  heading(doc, 'Calibration')
  certificateFacts(doc, certificate)
  doc.end()
  return done
}

async function photoBytes(relPath: string) {
  const stored = await readStored(relPath)
  return stored ? Buffer.from(await new Response(stored.body).arrayBuffer()) : null
}

export async function glassRecordPdf(record: GlassRecord, now = new Date()): Promise<Buffer> {
  const { doc, done } = startDocument('Glass record', vehicleWords(record.vehicle), now)
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor('#1e293b')
    .text('The work on this vehicle’s glass as its partner shops recorded it. It holds no personal data of any owner.')
  heading(doc, 'Vehicle')
  pdfFact(doc, 'Vehicle', vehicleWords(record.vehicle))
  if (record.vehicle.vin) pdfFact(doc, 'VIN', record.vehicle.vin)
  if (record.policyNumber) pdfFact(doc, 'Policy', record.policyNumber)

  heading(doc, 'Setup photos')
  const thumbs = (await Promise.all(record.photos.map((photo) => photoBytes(photo.thumbPath ?? photo.filePath)))).flatMap((bytes) =>
    bytes ? [bytes] : [],
  )
  if (!thumbs.length) doc.font('Helvetica').fontSize(10.5).text('No setup photos on file.')
  else {
    const top = doc.y
    thumbs.slice(0, 3).forEach((bytes, index) => doc.image(bytes, doc.page.margins.left + index * 165, top, { fit: [155, 116] }))
    doc.y = top + 122
    doc.x = doc.page.margins.left
  }

  heading(doc, 'Work on the glass')
  if (!record.claims.length) doc.font('Helvetica').fontSize(10.5).text('No completed work recorded.')
  for (const entry of record.claims) {
    if (doc.y > doc.page.height - 260) doc.addPage()
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(11.5)
      .fillColor('#0f172a')
      .text(`${formatLongDate(entry.completedAt)}: ${entry.repairType === 'replacement' ? 'Windshield replaced' : 'Chip repaired'}`)
    pdfFact(doc, 'Claim', entry.code)
    pdfFact(doc, 'Shop', entry.shop ?? 'Not recorded')
    pdfFact(doc, 'Part fitted', entry.partNumber ?? 'None recorded')
    pdfFact(doc, 'ADAS calibration', entry.adasCalibration ? ADAS_CALIBRATION_NAMES[entry.adasCalibration] : 'None')
    if (entry.calibration) {
      pdfFact(
        doc,
        'Calibration certificate',
        `${CALIBRATION_RESULT_NAMES[entry.calibration.result]}; tool ${entry.calibration.toolMake}, serial ${entry.calibration.toolSerial}`,
      )
    }
    drawDiagram(doc, entry.damageZone)
  }
  doc.end()
  return done
}
