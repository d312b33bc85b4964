/**
 * Benchmark section "scale": the same pages with 1,000 and with 1,000,000 policies, in one run.
 *
 * Each data set is written through the real schema (each table's columns and value mapping from the Drizzle schema,
 * so the triggers that keep the search index and the counters run as they do in production) into its own data
 * directory: every policy has a customer, a vehicle, three setup-photo rows and a governing state, and the notices a
 * steady state has sent (renewal notices and yearly reminders that fell due on earlier days, so the daily jobs find the
 * day's work, not a backlog); 30% of policies have a claim, 5% of those waiting for review (at least four full pages of
 * them; some appeals), the rest decided or completed by one of ten partner groups; an audit entry and an e-mail row per
 * policy; issue 38's rows as its review leaves them (each completed job's invoice submissions, some rejected and
 * disputed, calibrated replacements' proofs and files, applications to join). The daily jobs run once on it, timed
 * with the longest pause they give the event loop. Then a built server runs on each data set and each page is loaded
 * for a few seconds at 1 and at 20 connections, the two sizes taking turns, with a client that times every request
 * (sub-millisecond, unlike autocannon's whole milliseconds) on connections it opened before the clock started.
 *
 *   npm run bench -- --only scale [--seconds 3] [--sizes 1000,300000] [--group-jobs 500] [--keep DIR [--write-only]] [--pages 'service record,landing']
 *
 * Shops are paid monthly in a steady state: completed claims older than 30 days are in a paid payout of their group.
 * `--group-jobs N` gives each partner group N more completed claims of the last 90 days (three in five not approved
 * for payment, one approved, one paid), at both sizes: the payouts page then has the same work at both sizes, so the
 * ratio measures the data set around it. The shop's job list (/shop) is measured for a staff member of an eleventh
 * group that holds only those N jobs: the ten groups' open jobs grow with the data set (an approved claim of the
 * generated history never gets done), which would measure the generator, not the page.
 *
 * Targets (ratios, so they hold on any machine): every page's p99 at the large size ≤ 1.5 × its p99 at the small
 * size; every operator page under 100 KB of HTML; /shop under 60 KB gzipped; the customer dashboard's p99 within 3 ×
 * the uncached landing page's; and the daily jobs' longest pause at the large size ≤ 100 ms (a time, not a ratio: a
 * pause is what every page waits for while they run), the service record's count alone included; the public service
 * record's page (rendered, and as a visitor gets it) and CSV under 20 ms p99 at one connection at the large size, and
 * the page as a visitor gets it at twenty too (times: they read the daily job's stored rows).
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import zlib from 'node:zlib'

import { argValue } from './measure'
import type { BenchContext } from './run'
import { type RunningServer, startServer } from './server'

const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'
const OPERATOR = 'operator@bench.example'
const SHOP_STAFF = 'staff@shop.bench.example'
const CONNECTIONS = [1, 20] as const
const MAX_RATIO = 1.5
const MAX_OPERATOR_HTML = 100 * 1024
const MAX_DASHBOARD_VS_LANDING = 3
const MAX_SHOP_GZIP = 60 * 1024
/** The public service record's page and CSV read thirteen stored rows: their p99 at the large size, in ms. */
const MAX_RECORD_P99_MS = 20

/** Where the customers live (each policy's governing state): states with and without a yearly-reminder rule. */
const STATES = ['CA', 'TX', 'NY', 'FL', 'UT', 'AZ', 'WA', 'CO']
const FIRST_NAMES = ['Jamie', 'Alex', 'Sam', 'Taylor', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Avery', 'Quinn', 'Harper', 'Rowan']
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'dun', 'bel', 'sar', 'quo', 'fen', 'gri', 'hal', 'jor', 'nek', 'pim']

/** A surname that is one customer's own (a search for it finds one person, as an operator's search usually does). */
function surname(index: number) {
  let name = ''
  let rest = index + 4096
  while (rest > 0) {
    name += SYLLABLES[rest % SYLLABLES.length]
    rest = Math.floor(rest / SYLLABLES.length)
  }
  return name.charAt(0).toUpperCase() + name.slice(1)
}

export type DataSet = {
  size: number
  dataDir: string
  customerCookie: string
  operatorCookie: string
  /** A staff member of the group that holds only the `--group-jobs` jobs, for /shop. */
  staffCookie: string
  /** A customer with a policy and a claim, for the customer page. */
  customerId: string
  queuePages: number
  searches: Record<string, string>
  /** A partner group, for its payouts page. */
  groupId: string
  seconds: number
}

/** Points this process's database at a data set's directory, as the server started on it will see it. */
async function useDataDir(dataDir: string) {
  Object.assign(process.env, { DATA_DIR: dataDir, SESSION_SECRET, NODE_ENV: 'production', VPIC_URL: 'off', ADMIN_EMAILS: OPERATOR })
  const { resetEnvForTests } = await import('~/env.server')
  const { closeDatabase } = await import('~/db/client.server')
  closeDatabase()
  resetEnvForTests()
}

/** Writes `size` policies (and everything around them) into a new data directory through the real schema. */
export async function buildDataSet(
  size: number,
  print: (line: string) => void,
  groupJobs = 0,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `glass-scale-${size}-`)),
): Promise<Omit<DataSet, 'seconds'>> {
  const started = performance.now()
  await useDataDir(dataDir)
  const { closeDatabase, db } = await import('~/db/client.server')
  const { getTableColumns } = await import('drizzle-orm')
  const schema = await import('~/db/schema')
  const { createId } = await import('~/db/ids')
  const { createSession } = await import('~/auth/session.server')
  const { seed } = await import('../../drizzle/seed')
  const { CODE_ALPHABET } = await import('~/domain/claims')
  const { rulesFor } = await import('~/domain/state-rules')
  const { missedPromiseOnOurSide } = await import('~/domain/credits')
  /** The n-th claim code (or policy number): unique by construction (random codes collide among 30,000). */
  const codeOf = (n: number, prefix = 'CS-') => {
    let code = ''
    for (let rest = n, i = 0; i < 6; i++, rest = Math.floor(rest / CODE_ALPHABET.length)) code += CODE_ALPHABET[rest % CODE_ALPHABET.length]
    return `${prefix}${code}`
  }
  seed(db())

  const DAY = 24 * 60 * 60 * 1000
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const groups = Array.from({ length: 10 }, (_, index) => ({
    id: createId(),
    name: `Partner Glass ${index + 1}`,
    email: `shop${index}@bench.example`,
  }))
  // The shop whose staff member's /shop is measured: only the `--group-jobs` jobs, the same at every size.
  const shopGroup = { id: createId(), name: 'Partner Glass Bench Shop', email: 'shop@shop.bench.example' }
  db()
    .insert(schema.partnerGroups)
    .values([...groups, shopGroup])
    .run()
  // One paid payout per group holds the jobs completed before the last 30 days (its totals are summed at the end).
  const paidPayouts = new Map([...groups, shopGroup].map((group) => [group.id, createId()]))
  db()
    .insert(schema.payouts)
    .values(
      [...groups, shopGroup].map((group) => ({
        id: paidPayouts.get(group.id)!,
        partnerGroupId: group.id,
        jobCount: 0,
        totalCents: 0,
        createdBy: 'bench',
        createdAt: iso(now - 30 * DAY),
        paidAt: iso(now - 29 * DAY),
        paidBy: 'bench',
        reference: `ACH bench ${group.name}`,
      })),
    )
    .run()
  /** An appointment as the shops write it: a wall-clock time, no zone (docs/decisions/045-appointments-in-the-shops-local-time.md). */
  const appointment = (ms: number) => iso(ms).slice(0, 16)
  const activePolicies: string[] = []
  const plans = [
    { planType: 'chip_only', vehicleType: null, hasAdas: null, lookupKey: 'chip_only', monthlyPriceCents: 799 },
    { planType: 'comprehensive', vehicleType: 'car', hasAdas: false, lookupKey: 'comprehensive_car_adas_false', monthlyPriceCents: 1999 },
    { planType: 'comprehensive', vehicleType: 'car', hasAdas: true, lookupKey: 'comprehensive_car_adas_true', monthlyPriceCents: 2999 },
    {
      planType: 'comprehensive',
      vehicleType: 'trucksuv',
      hasAdas: false,
      lookupKey: 'comprehensive_trucksuv_adas_false',
      monthlyPriceCents: 2499,
    },
    {
      planType: 'comprehensive',
      vehicleType: 'trucksuv',
      hasAdas: true,
      lookupKey: 'comprehensive_trucksuv_adas_true',
      monthlyPriceCents: 3499,
    },
  ] as const
  const claimEvery = Math.round(1 / 0.3) // 30% of policies
  // 5% of claims wait for review, and at least a few pages of them at any size: the queue shows 50 a page, so both
  // sizes compare full pages (a small set's 16 waiting claims would measure a page a third as long).
  const waitingEvery = Math.max(2, Math.min(20, Math.floor((size * 0.95) / claimEvery / 150)))
  let claimCount = 0
  let waiting = 0
  // One transaction per 50,000 policies, each table's rows through one prepared statement (compiled once): at 1,000
  // rows a transaction and a Drizzle statement built per batch, a million policies took over seven minutes.
  const BATCH = 50_000
  const client = db().$client
  // Only while writing the data set (this connection closes before the server opens its own): no fsync per commit, and
  // a cache that holds the growing indexes (random ids land anywhere in them).
  client.pragma('synchronous = OFF')
  client.pragma('cache_size = -262144')
  type Statement = ReturnType<typeof client.prepare>
  const prepared = new Map<
    object,
    { statement: Statement; columns: [string, { mapToDriverValue: (value: unknown) => unknown; defaultFn?: () => unknown }][] }
  >()
  /** Inserts rows of one shape as Drizzle would (its value mapping, its generated defaults; the database's own defaults and triggers). */
  const insertRows = (table: Parameters<typeof getTableColumns>[0], rows: Record<string, unknown>[]) => {
    if (!rows.length) return
    let insert = prepared.get(table)
    if (!insert) {
      const columns = Object.entries(getTableColumns(table)).filter(([key, column]) => key in rows[0]! || column.defaultFn) as never as [
        string,
        { name: string; mapToDriverValue: (value: unknown) => unknown; defaultFn?: () => unknown },
      ][]
      const names = columns.map(([, column]) => `"${column.name}"`).join(', ')
      const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]
      insert = { statement: client.prepare(`INSERT INTO "${name}" (${names}) VALUES (${columns.map(() => '?').join(', ')})`), columns }
      prepared.set(table, insert)
    }
    const { statement, columns } = insert
    for (const row of rows) {
      statement.run(
        columns.map(([key, column]) => {
          const value = row[key] === undefined ? column.defaultFn?.() : row[key]
          return value == null ? null : column.mapToDriverValue(value)
        }),
      )
    }
  }
  const sample = { index: Math.floor(size / 2) }
  let sampleIds = { profileId: '', policyId: '', plate: '', code: '', email: '', phone: '', name: '' }

  type Paperwork = {
    submissions: (typeof schema.invoiceSubmissions.$inferInsert)[]
    disputes: (typeof schema.invoiceDisputes.$inferInsert)[]
    proofs: (typeof schema.calibrationProofs.$inferInsert)[]
    proofFiles: (typeof schema.claimDocuments.$inferInsert)[]
  }
  /**
   * A completed job's invoice history, disputes and calibration proof, as issue 38's review leaves them: the invoice
   * sent at completion (one in ten rejected, then corrected and accepted; one in fifty of those disputed first and the
   * dispute answered), accepted once approved for payment; a calibrated replacement's proof with its four files.
   */
  const jobPaperwork = (claimId: string, n: number, completedAt: number, accepted: boolean, calibrated: boolean, into: Paperwork) => {
    const fields = {
      partNumber: 'FW04567GTY',
      laborHours: 1.5,
      kitMoulding: null,
      adasCalibration: calibrated ? 'static' : null,
      actualCostCents: 8900,
    }
    const answer = (at: number) => ({ decidedBy: 'bench', decidedAt: iso(at) })
    const rejected = n % 10 === 0
    into.submissions.push({
      id: createId(),
      claimId,
      number: 1,
      fields,
      submittedBy: null,
      submittedAt: iso(completedAt),
      outcome: rejected ? 'rejected' : accepted ? 'accepted' : 'pending',
      reason: rejected ? 'part_number' : null,
      note: rejected ? 'The part number does not match the vehicle.' : null,
      ...(rejected || accepted ? answer(completedAt + DAY) : { decidedBy: null, decidedAt: null }),
    })
    if (rejected)
      into.submissions.push({
        id: createId(),
        claimId,
        number: 2,
        fields,
        submittedBy: null,
        submittedAt: iso(completedAt + 2 * DAY),
        outcome: accepted ? 'accepted' : 'pending',
        reason: null,
        note: null,
        ...(accepted ? answer(completedAt + 3 * DAY) : { decidedBy: null, decidedAt: null }),
      })
    if (rejected && n % 50 === 0)
      into.disputes.push({
        id: createId(),
        claimId,
        kind: 'rejection',
        message: 'The part number is the one the dealer supplied.',
        openedBy: 'bench',
        openedAt: iso(completedAt + DAY + 60_000),
        answerDueAt: iso(completedAt + 8 * DAY),
        outcome: 'refused',
        answer: 'The VIN decodes to another model year.',
        answeredBy: 'bench',
        answeredAt: iso(completedAt + 2 * DAY),
      })
    if (calibrated) {
      into.proofs.push({
        claimId,
        method: 'static',
        toolMake: 'Autel',
        toolSerial: `MA600-${n}`,
        technicianName: 'Pat Bench',
        result: 'pass',
        createdAt: iso(completedAt),
        updatedAt: iso(completedAt),
      })
      for (const documentType of [
        'calibration_pre_scan',
        'calibration_post_scan',
        'calibration_tool_screen',
        'calibration_target_setup',
      ] as const)
        into.proofFiles.push({
          id: createId(),
          claimId,
          documentType,
          filePath: `claims/${claimId}/${documentType}.jpg`,
          fileName: `${documentType}.jpg`,
          createdAt: iso(completedAt),
        })
    }
  }

  const profileIds = Array.from({ length: size }, () => createId())
  const vehicleIds = Array.from({ length: size }, () => createId())
  /** What the n-th customer's rows are made of. */
  const factsOf = (index: number) => {
    const createdAt = now - ((index * 7919) % 700) * DAY - (index % 86_400) * 1000
    const roll = index % 20
    const status = (roll === 0 ? 'past_due' : roll === 1 ? 'canceled' : roll === 2 ? 'incomplete' : 'active') as
      'past_due' | 'canceled' | 'incomplete' | 'active'
    return { createdAt, status, plan: plans[index % plans.length]!, plate: `B${index.toString(36).toUpperCase().padStart(6, '0')}` }
  }

  // One transaction, its foreign keys checked at the commit, so a customer's rows may come before the customer: the
  // search triggers then build each customer's search document once, when the profile arrives with everything it will
  // hold, instead of once per vehicle, policy and claim (the rows and the index are the same as in arrival order). The
  // vehicles come first of all: while rows wait for their parent, each insert into a parent table looks for its waiting
  // children, and a vehicle would look through every policy (policies.vehicle_id has no index).
  client.transaction(() => {
    client.pragma('defer_foreign_keys = ON')
    const vehicles: (typeof schema.vehicles.$inferInsert)[] = []
    for (let index = 0; index < size; index++) {
      const { createdAt, plan, plate } = factsOf(index)
      vehicles.push({
        id: vehicleIds[index]!,
        profileId: profileIds[index]!,
        licensePlate: plate,
        licensePlateState: 'UT',
        vehicleType: plan.vehicleType,
        hasAdas: plan.hasAdas,
        year: 2015 + (index % 10),
        make: 'Toyota',
        model: 'Camry',
        createdAt: iso(createdAt),
        updatedAt: iso(createdAt),
      })
      if (vehicles.length === BATCH || index === size - 1) insertRows(schema.vehicles, vehicles.splice(0))
    }
    for (let start = 0; start < size; start += BATCH) {
      const end = Math.min(size, start + BATCH)
      type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'][]
      const people: Row<typeof schema.profiles> = []
      const owned: Row<typeof schema.policies> = []
      const photos: Row<typeof schema.policyPhotos> = []
      const filed: Row<typeof schema.claims> = []
      const audits: Row<typeof schema.auditLog> = []
      const mails: Row<typeof schema.emailLog> = []
      const reminded: Row<typeof schema.yearlyReminders> = []
      const submissions: Row<typeof schema.invoiceSubmissions> = []
      const disputes: Row<typeof schema.invoiceDisputes> = []
      const proofs: Row<typeof schema.calibrationProofs> = []
      const proofFiles: Row<typeof schema.claimDocuments> = []
      for (let index = start; index < end; index++) {
        const profileId = profileIds[index]!
        const vehicleId = vehicleIds[index]!
        const policyId = createId()
        const { createdAt, status, plan, plate } = factsOf(index)
        const email = `customer${index}@bench.example`
        const phone = `80${String(index).padStart(8, '0')}`
        const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${surname(index)}`
        people.push({ id: profileId, email, fullName: name, phone, createdAt: iso(createdAt), updatedAt: iso(createdAt) })
        owned.push({
          id: policyId,
          policyNumber: codeOf(index, 'GP-'),
          profileId,
          status,
          ...plan,
          windshieldPhotosUploaded: status !== 'incomplete',
          vehicleId: status === 'incomplete' ? null : vehicleId,
          initialTermEndsAt: iso(createdAt + 365 * DAY),
          // A business in its steady state has sent the renewal notices that fell due on earlier days.
          renewalNoticeSentAt: createdAt + 335 * DAY <= now ? iso(createdAt + 335 * DAY) : null,
          governingState: STATES[index % STATES.length]!,
          coverageStartDate: status === 'incomplete' ? null : iso(createdAt).slice(0, 10),
          tosVersion: '1.0.1',
          tosAcceptedAt: iso(createdAt),
          createdAt: iso(createdAt),
          updatedAt: iso(createdAt),
        })
        if (status !== 'incomplete') {
          for (const photoType of ['head_on', 'inside_drivers', 'inside_passengers'] as const) {
            photos.push({
              policyId,
              photoType,
              filePath: `policy-photos/${profileId}/${policyId}/${photoType}.jpg`,
              fileName: `${photoType}.jpg`,
              createdAt: iso(createdAt),
            })
          }
        }
        // And the yearly reminders of the anniversaries already reached, where the state requires one.
        const remindedAt = createdAt + 365 * DAY
        if ((status === 'active' || status === 'past_due') && remindedAt <= now && rulesFor(STATES[index % STATES.length]!).yearlyReminder)
          reminded.push({ policyId, anniversary: 1, sentAt: iso(remindedAt) })
        audits.push({ actor: 'stripe', action: 'policy.created', entityType: 'policy', entityId: policyId, createdAt: iso(createdAt) })
        mails.push({
          id: createId(),
          to: email,
          subject: 'Finish setting up your coverage',
          tag: 'finish-setup',
          transport: 'outbox' as const,
          status: 'sent' as const,
          createdAt: iso(createdAt),
        })
        let code = ''
        // The groups' recent jobs go to customers before the sampled one, so the pages of that customer stay the same.
        if (status === 'active' && index < sample.index && activePolicies.length < 10_000) activePolicies.push(policyId)
        const customerRows = () => {
          // The policies before their claims (the claim trigger reads its policy's customer), the customer after both.
          insertRows(schema.policies, owned)
          insertRows(schema.yearlyReminders, reminded)
          insertRows(schema.policyPhotos, photos)
          insertRows(schema.claims, filed)
          insertRows(schema.profiles, people)
          for (const rows of [owned, reminded, photos, filed, people]) rows.length = 0
        }
        if (status !== 'incomplete' && index % claimEvery === 0) {
          claimCount++
          code = codeOf(claimCount)
          const submittedAt = createdAt + 30 * DAY
          // Every fourth waiting claim is an appeal.
          const isWaiting = claimCount % waitingEvery === 0
          const group = groups[claimCount % groups.length]!
          const decided = !isWaiting
          const outcome = claimCount % 4 === 0 ? 'denied' : claimCount % 5 === 0 ? 'approved' : ('completed' as const)
          if (isWaiting) waiting++
          const reviewedAt = submittedAt + (claimCount % 40) * 60 * 60 * 1000
          // Done within the day of approval, as a business keeping its service promise mostly is.
          const completedAt = decided && outcome === 'completed' ? reviewedAt + (3 + (claimCount % 20)) * 60 * 60 * 1000 : null
          const paidLongAgo = completedAt !== null && completedAt < now - 30 * DAY
          const claimId = createId()
          const replacement = claimCount % 7 === 0
          const calibrated = completedAt !== null && replacement && plan.hasAdas === true
          if (completedAt !== null)
            jobPaperwork(claimId, claimCount, completedAt, paidLongAgo, calibrated, { submissions, disputes, proofs, proofFiles })
          // Every claim row has the same keys (the prepared insert takes its columns from the first row).
          filed.push({
            id: claimId,
            policyId,
            filedByProfileId: profileId,
            damageType: claimCount % 3 === 0 ? ('crack' as const) : ('chip' as const),
            description: 'A stone from a gravel truck left a chip on the driver side.',
            damageDate: iso(submittedAt - DAY).slice(0, 10),
            confirmationCode: code,
            submittedAt: iso(isWaiting ? now - (claimCount % 96) * 60 * 60 * 1000 : submittedAt),
            createdAt: iso(submittedAt),
            updatedAt: iso(submittedAt),
            approvalStatus: isWaiting ? ('pending_review' as const) : outcome,
            appealedAt: isWaiting && waiting % 4 === 0 ? iso(now - (claimCount % 200) * 60 * 60 * 1000) : null,
            reviewedAt: decided ? iso(reviewedAt) : null,
            assignedPartnerGroupId: decided && outcome !== 'denied' ? group.id : null,
            completedAt: completedAt === null ? null : iso(completedAt),
            appointmentAt: completedAt === null ? null : appointment(completedAt - 2 * 60 * 60 * 1000),
            paymentApprovedAt: paidLongAgo ? iso(completedAt + 2 * DAY) : null,
            payoutId: paidLongAgo ? paidPayouts.get(group.id)! : null,
            repairType: decided && outcome === 'completed' ? (replacement ? ('replacement' as const) : ('repair' as const)) : null,
            adasCalibration: calibrated ? ('static' as const) : null,
            actualCostCents: decided && outcome === 'completed' ? 8900 + (claimCount % 50) * 100 : null,
            denialReason: outcome === 'denied' && decided ? 'Damage predates coverage.' : null,
          })
        }
        if (index === sample.index || (sampleIds.code === '' && index > sample.index && code)) {
          sampleIds = { profileId, policyId, plate, code: code || sampleIds.code, email, phone, name }
        }
        customerRows()
      }
      insertRows(schema.auditLog, audits)
      insertRows(schema.emailLog, mails)
      insertRows(schema.invoiceSubmissions, submissions)
      insertRows(schema.invoiceDisputes, disputes)
      insertRows(schema.calibrationProofs, proofs)
      insertRows(schema.claimDocuments, proofFiles)
      if (size >= 200_000)
        print(
          `    ${Math.min(size, start + BATCH).toLocaleString('en-US')} written (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        )
    }
  })()
  // Each group's recent jobs, when asked for: the same number at every size (after the customers, whose search
  // documents then take in these claims as a claim filed later would).
  client.transaction(() => {
    for (const [groupIndex, group] of [...groups, shopGroup].entries()) {
      const jobs: (typeof schema.claims.$inferInsert)[] = []
      const paperwork: Paperwork = { submissions: [], disputes: [], proofs: [], proofFiles: [] }
      for (let job = 0; job < groupJobs; job++) {
        claimCount++
        const completedAt = now - ((job * 89) % 88) * DAY - (job % 24) * 60 * 60 * 1000 - DAY
        const reviewedAt = completedAt - (12 + (job % 60)) * 60 * 60 * 1000
        const stage = job % 5
        const claimId = createId()
        const calibrated = job % 3 === 0 && job % 2 === 0
        jobPaperwork(claimId, job, completedAt, stage >= 3, calibrated, paperwork)
        // Two open disputes a group (one overdue) wait in the operator's queue, the same at every size.
        if (job === 0 || job === 1)
          paperwork.disputes.push({
            id: createId(),
            claimId,
            kind: 'short_pay',
            message: 'The moulding was part of the job.',
            openedBy: 'bench',
            openedAt: iso(now - (job + 1) * 4 * DAY),
            answerDueAt: iso(now + (job === 0 ? 3 : -1) * DAY),
          })
        jobs.push({
          id: claimId,
          policyId: activePolicies[(groupIndex * groupJobs + job) % activePolicies.length]!,
          damageType: job % 3 === 0 ? 'crack' : 'chip',
          description: 'A stone from a gravel truck left a chip on the driver side.',
          damageDate: iso(reviewedAt - 2 * DAY).slice(0, 10),
          confirmationCode: codeOf(claimCount),
          submittedAt: iso(reviewedAt - DAY),
          createdAt: iso(reviewedAt - DAY),
          updatedAt: iso(completedAt),
          approvalStatus: 'completed',
          appealedAt: null,
          reviewedAt: iso(reviewedAt),
          assignedPartnerGroupId: group.id,
          completedAt: iso(completedAt),
          appointmentAt: appointment(reviewedAt + (6 + (job % 30)) * 60 * 60 * 1000),
          paymentApprovedAt: stage >= 3 ? iso(completedAt + DAY) : null,
          payoutId: stage === 4 ? paidPayouts.get(group.id)! : null,
          repairType: job % 3 === 0 ? 'replacement' : 'repair',
          adasCalibration: calibrated ? 'static' : null,
          actualCostCents: 8900 + (job % 50) * 100,
          denialReason: null,
        })
      }
      insertRows(schema.claims, jobs)
      insertRows(schema.invoiceSubmissions, paperwork.submissions)
      insertRows(schema.invoiceDisputes, paperwork.disputes)
      insertRows(schema.calibrationProofs, paperwork.proofs)
      insertRows(schema.claimDocuments, paperwork.proofFiles)
    }
  })()
  // The credits a steady state has given: every promise missed on our side was credited on the day it ran out, so the
  // daily job below finds the day's work, not the whole history's (app/models/money/credits.server.ts).
  const { eq, inArray } = await import('drizzle-orm')
  const { CREDIT_MESSAGES } = await import('~/domain/messages')
  const { promiseColumns } = await import('~/models/money/credits.server')
  const { claims, policies } = schema
  const credits = db()
    .select({
      claimId: claims.id,
      policyId: claims.policyId,
      profileId: claims.filedByProfileId,
      code: claims.confirmationCode,
      monthlyPriceCents: policies.monthlyPriceCents,
      ...promiseColumns,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(inArray(claims.approvalStatus, ['approved', 'completed']))
    .all()
    .filter((claim) => missedPromiseOnOurSide(claim, new Date(now)))
    .map((claim) => ({
      id: createId(),
      policyId: claim.policyId,
      profileId: claim.profileId,
      claimId: claim.claimId,
      kind: 'missed_promise' as const,
      amountCents: claim.monthlyPriceCents,
      reason: CREDIT_MESSAGES.missedPromise(claim.code),
      method: 'local_ledger' as const,
      state: 'applied' as const,
      attempts: 1,
      lastError: null,
      stripeId: null,
      createdBy: 'system',
      createdAt: iso(now - DAY),
      appliedAt: iso(now - DAY),
      updatedAt: iso(now - DAY),
    }))
  client.transaction(() => {
    for (let start = 0; start < credits.length; start += BATCH) insertRows(schema.serviceCredits, credits.slice(start, start + BATCH))
  })()
  client.exec(
    `UPDATE payouts SET job_count = (SELECT count(*) FROM claims WHERE payout_id = payouts.id),
       total_cents = (SELECT coalesce(sum(actual_cost_cents), 0) FROM claims WHERE payout_id = payouts.id)`,
  )
  // The sampled customer must have a claim: give them one (waiting), as a customer would file it.
  const sampleClaim = db()
    .insert(schema.claims)
    .values({
      policyId: sampleIds.policyId,
      filedByProfileId: sampleIds.profileId,
      description: 'Chip on the passenger side.',
      confirmationCode: codeOf(0),
    })
    .returning()
    .get()
  sampleIds.code = sampleClaim.confirmationCode
  waiting++
  // A full last page of the queue at every size (customers filing in the last hour), so its two sizes compare pages of
  // the same length; each on another customer's policy, so no measured customer's pages change.
  const { PAGE_SIZE } = await import('~/domain/paging')
  for (let extra = 0; waiting % PAGE_SIZE !== 0; extra++, waiting++) {
    db()
      .insert(schema.claims)
      .values({
        policyId: activePolicies[activePolicies.length - 1 - extra]!,
        description: 'A crack spreading from the lower edge.',
        confirmationCode: codeOf(++claimCount),
        submittedAt: iso(now - (extra + 1) * 60 * 1000),
      })
      .run()
  }
  // Shops' applications to join: the decided ones grow with the business (one per 500 policies), five wait for review.
  // At least a full list of decisions at every size, so both sizes compare pages of the same length.
  client.transaction(() => {
    const applications: (typeof schema.shopApplications.$inferInsert)[] = []
    const decidedCount = Math.max(60, Math.floor(size / 500))
    for (let index = 0; index < decidedCount + 5; index++) {
      const pending = index >= decidedCount
      const createdAt = now - (pending ? index - decidedCount + 1 : 2 + ((index * 7) % 700)) * DAY
      applications.push({
        id: createId(),
        businessName: `Applicant Glass ${index}`,
        contactName: 'Robin Applicant',
        email: `apply${index}@applicants.bench.example`,
        phone: '+18015550100',
        locations: [{ name: `Applicant Glass ${index}`, address: '1 Main St', city: 'Ogden', state: 'UT', zip: '84401' }],
        insuranceCarrier: 'Bench Mutual',
        insurancePolicyNumber: `GL-${index}`,
        insuranceExpiresOn: iso(now + 200 * DAY).slice(0, 10),
        certifications: 'AGSC',
        offersChipRepair: true,
        offersReplacement: true,
        offersCalibration: index % 2 === 0,
        mobileService: false,
        status: pending ? 'pending' : index % 3 === 0 ? 'declined' : 'approved',
        decidedAt: pending ? null : iso(createdAt + DAY),
        decidedBy: pending ? null : 'bench',
        declineReason: !pending && index % 3 === 0 ? 'No liability insurance on file.' : null,
        createdAt: iso(createdAt),
      })
    }
    insertRows(schema.shopApplications, applications)
  })()
  const operator = db().insert(schema.profiles).values({ email: OPERATOR, fullName: 'Bench Operator' }).returning().get()
  const cookieOf = async (profileId: string) => (await createSession(profileId)).split(';')[0]!
  const customerCookie = await cookieOf(sampleIds.profileId)
  const operatorCookie = await cookieOf(operator.id)
  // A shop's staff member signs in like a customer; the shop_staff row makes /shop theirs.
  const staff = db().insert(schema.profiles).values({ email: SHOP_STAFF, fullName: 'Bench Shop Staff' }).returning().get()
  db().insert(schema.shopStaff).values({ partnerGroupId: shopGroup.id, email: SHOP_STAFF, addedBy: operator.id }).run()
  const staffCookie = await cookieOf(staff.id)
  db().$client.pragma('wal_checkpoint(TRUNCATE)')
  db().$client.exec('ANALYZE')
  closeDatabase()
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  print(
    `  ${size.toLocaleString('en-US')} policies: ${claimCount.toLocaleString('en-US')} claims, ${waiting.toLocaleString('en-US')} waiting, ${credits.length.toLocaleString('en-US')} promises credited; written in ${seconds} s`,
  )
  return {
    size,
    dataDir,
    customerCookie,
    operatorCookie,
    staffCookie,
    customerId: sampleIds.profileId,
    groupId: groups[0]!.id,
    queuePages: Math.max(1, Math.ceil(waiting / 50)),
    searches: {
      'e-mail': sampleIds.email,
      name: sampleIds.name,
      phone: `(${sampleIds.phone.slice(0, 3)}) ${sampleIds.phone.slice(3, 6)}-${sampleIds.phone.slice(6)}`,
      plate: `${sampleIds.plate.slice(0, 3)}-${sampleIds.plate.slice(3)}`.toLowerCase(),
      'policy id': sampleIds.policyId,
      'claim code': sampleIds.code,
    },
  }
}

/** A data set kept in `keep` by an earlier run, or a new one (written into `keep` and described there, when given). */
async function keptOrBuilt(size: number, print: (line: string) => void, groupJobs: number, keep: string | undefined) {
  if (!keep) return buildDataSet(size, print, groupJobs)
  const dataDir = path.join(path.resolve(keep), String(size))
  const described = path.join(dataDir, 'data-set.json')
  if (fs.existsSync(described)) {
    print(`  kept in ${dataDir}: not written again`)
    return JSON.parse(fs.readFileSync(described, 'utf8')) as Omit<DataSet, 'seconds'>
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const data = await buildDataSet(size, print, groupJobs, dataDir)
  fs.writeFileSync(described, JSON.stringify(data))
  return data
}

/** The longest the daily jobs may hold the server's event loop at once (the pages wait that long). */
const MAX_JOB_PAUSE_MS = 100
const jobPauses: Record<number, number> = {}
/** The longest pause of the service record's count alone, by size. */
const recordCountPauses: Record<number, number> = {}

/**
 * Waits for the server's own first run of the daily jobs, a minute after it boots: it reads the same index ranges as
 * `dailyJobsOn` (below), on a data set whose day is done, and the pages are measured after it, on the steady state.
 * (Measured while it runs, the half second it takes at 1,000,000 fell on whichever page was being loaded then.)
 */
async function afterFirstDailyRun(server: RunningServer) {
  const deadline = Date.now() + 180_000
  for (;;) {
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    const run = /^glass_daily_job_runs_total\{outcome="(success|failure)"\} [1-9]/m.exec(metrics)
    if (run) return run[1]!
    if (Date.now() > deadline) throw new Error(`${server.url}: no daily-jobs run within 3 minutes of starting`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/**
 * The daily jobs, run once on the data set as the server would run them (a minute after it starts), timed, with the
 * longest pause they gave the event loop: they run inside the server, between its requests. Run before the server
 * starts so that the pages are measured on a day whose jobs are done; the server's own run then finds nothing to send.
 */
async function dailyJobsOn({ size, dataDir }: Pick<DataSet, 'size' | 'dataDir'>, print: (line: string) => void) {
  await useDataDir(dataDir)
  const { runDailyJobs } = await import('~/jobs.server')
  const { closeDatabase, db } = await import('~/db/client.server')
  const { sql } = await import('drizzle-orm')
  // A server has rendered e-mails before its daily run (sign-in links, receipts): the first render of a process
  // compiles the templates (about 90 ms), a cost of starting, not of the data set.
  const { EMAIL_SAMPLES } = await import('~/emails/samples')
  await EMAIL_SAMPLES[0]!.render()
  const pauses = monitorEventLoopDelay({ resolution: 5 })
  const started = performance.now()
  pauses.enable()
  const report = await runDailyJobs()
  pauses.disable()
  const seconds = (performance.now() - started) / 1000
  jobPauses[size] = pauses.max / 1e6
  // The scorecards are counted at most once an hour and reused (app/models/shops/shop-scorecards.server.ts): the pages below
  // measure the reuse, this one count what the first visitor of the hour waits for.
  const { countScorecards } = await import('~/models/shops/shop-scorecards.server')
  const groupIds = db()
    .all<{ id: string }>(sql`SELECT id FROM partner_groups`)
    .map((row) => row.id)
  const counting = performance.now()
  const cards = countScorecards(groupIds)
  const jobs = [...cards.values()].reduce((sum, card) => sum + card.onTime.of, 0)
  print(
    `  every group's scorecard counted afresh: ${(performance.now() - counting).toFixed(0)} ms (${jobs.toLocaleString('en-US')} jobs judged on time)`,
  )
  // What the pages do once a count is an hour old: count again in the background, a group and a few days at a time.
  const { recountScorecards, RECOUNT_SLICE_DAYS } = await import('~/models/shops/shop-scorecards.server')
  const recountPauses = monitorEventLoopDelay({ resolution: 5 })
  const recounting = performance.now()
  recountPauses.enable()
  await recountScorecards(groupIds)
  recountPauses.disable()
  print(
    `  the same counted again in the background, a group and ${RECOUNT_SLICE_DAYS} days at a time: ${(performance.now() - recounting).toFixed(0)} ms in all, longest pause ${(recountPauses.max / 1e6).toFixed(0)} ms`,
  )
  // The public service record's count alone (a step of the daily jobs above), timed with its longest pause.
  const { countServiceRecord } = await import('~/models/operations/service-record.server')
  const recordPauses = monitorEventLoopDelay({ resolution: 5 })
  const recording = performance.now()
  recordPauses.enable()
  const record = await countServiceRecord()
  recordPauses.disable()
  recordCountPauses[size] = recordPauses.max / 1e6
  print(
    `  the service record counted again: ${(performance.now() - recording).toFixed(0)} ms for ${record.claimsRead.toLocaleString('en-US')} claims, longest pause ${(recordPauses.max / 1e6).toFixed(0)} ms`,
  )
  closeDatabase()
  print(
    `  daily jobs: ${seconds.toFixed(1)} s, longest pause ${jobPauses[size]!.toFixed(0)} ms (${report.renewalNoticesSent} renewal notices, ${report.yearlyRemindersSent} yearly reminders sent)`,
  )
}

type Timing = { p50: number; p99: number; requests: number; failures: number; latencies: number[] }

/** Timings of several loads of one page, pooled: their latencies together. */
function pooled(timings: Timing[]): Timing {
  const latencies = timings.flatMap((timing) => timing.latencies).sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return {
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    failures: timings.reduce((sum, timing) => sum + timing.failures, 0),
    latencies,
  }
}

/**
 * Loads `url` with `connections` concurrent keep-alive clients for `seconds`, timing each request on connections
 * already open: each client's first request, which opens its connection, is made before the clock starts and not
 * counted. Twenty connections opened a few milliseconds apart to a server that is busy answering the first ones wait
 * up to ~1.8 s for their first request to be read, a bare Node server doing 15 ms of work a request included
 * (docs/benchmarks-log.md, "Twenty connections opened at once"); that wait depends on how the connects happen to be spaced,
 * not on the data set, and at five turns a size it was a hundred of the ~700 requests a p99 is taken from.
 */
export async function timedLoad(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<Timing> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let failures = 0
  const one = (timed: boolean) =>
    new Promise<void>((resolve) => {
      const begun = performance.now()
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', () => {})
        response.on('end', () => {
          if (timed) latencies.push(performance.now() - begun)
          if (response.statusCode !== 200) failures++
          resolve()
        })
      })
      request.on('error', () => {
        failures++
        resolve()
      })
    })
  await Promise.all(Array.from({ length: connections }, () => one(false)))
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one(true)
    }),
  )
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return { p50: at(0.5), p99: at(0.99), requests: latencies.length, failures, latencies }
}

/**
 * Who asks: the sampled customer, the operator, a shop's staff member, an anonymous visitor whose cookie skips the page
 * cache (the page rendered), or one with no cookie at all (the page as a visitor gets it, from the cache when kept).
 */
type Page = { name: string; path: string; as: 'customer' | 'operator' | 'staff' | 'visitor' | 'anonymous'; operatorPage: boolean }

function pagesOf(data: Omit<DataSet, 'seconds'>): Page[] {
  return [
    { name: 'landing page, uncached', path: '/', as: 'visitor', operatorPage: false },
    { name: 'customer dashboard', path: '/customer', as: 'customer', operatorPage: false },
    { name: '/admin', path: '/admin', as: 'operator', operatorPage: true },
    { name: 'claim queue, first page', path: '/admin/claims', as: 'operator', operatorPage: true },
    { name: 'claim queue, last page', path: `/admin/claims?page=${data.queuePages}`, as: 'operator', operatorPage: true },
    ...Object.entries(data.searches).map(([kind, q]) => ({
      name: `search by ${kind}`,
      path: `/admin/policies?q=${encodeURIComponent(q)}`,
      as: 'operator' as const,
      operatorPage: true,
    })),
    { name: 'customer page', path: `/admin/customers/${data.customerId}`, as: 'operator', operatorPage: true },
    { name: 'payouts, all groups', path: '/admin/payouts', as: 'operator', operatorPage: true },
    { name: "payouts, one group's jobs", path: `/admin/payouts?group=${data.groupId}`, as: 'operator', operatorPage: true },
    { name: 'shop scorecards', path: '/admin/scorecards', as: 'operator', operatorPage: true },
    { name: 'applications to join', path: '/admin/applications', as: 'operator', operatorPage: true },
    { name: 'price schedule', path: '/admin/price-schedule', as: 'operator', operatorPage: true },
    { name: "shop's job list", path: '/shop', as: 'staff', operatorPage: false },
    { name: 'service record, uncached', path: '/service-record', as: 'visitor', operatorPage: false },
    { name: 'service record, as a visitor gets it', path: '/service-record', as: 'anonymous', operatorPage: false },
    { name: 'service record CSV', path: '/service-record.csv', as: 'visitor', operatorPage: false },
  ]
}

type Measured = { page: Page; bytes: number; gzipped: number; results: Record<number, Timing> }

/** Each page's load at each size is split into this many turns, the sizes taking turns. */
const ROUNDS = 5

type Side = { server: RunningServer; data: Omit<DataSet, 'seconds'> }

/**
 * Loads each page on both servers, the small and the large data set taking turns of seconds / ROUNDS each, and pools
 * each size's turns: whatever else the machine does during the run falls on both sizes alike, so the ratio measures
 * the data, not the minute it was measured in.
 */
async function measure(sides: Side[], seconds: number, only: string[] | null) {
  const measured: Measured[][] = sides.map(() => [])
  const chosen = (page: Page) => !only || only.some((part) => page.name.includes(part))
  const pages = sides.map((side) => pagesOf(side.data).filter(chosen))
  for (const [index] of pages[0]!.entries()) {
    const targets = sides.map((side, which) => {
      const page = pages[which]![index]!
      // Any cookie skips the anonymous page cache (page-cache.server.ts), so the visitor's landing page is rendered.
      const cookies = {
        customer: side.data.customerCookie,
        operator: side.data.operatorCookie,
        staff: side.data.staffCookie,
        visitor: 'bench=uncached',
        anonymous: null,
      }
      const cookie = cookies[page.as]
      return { page, url: `${side.server.url}${page.path}`, headers: cookie ? { Cookie: cookie } : ({} as Record<string, string>) }
    })
    const weights = await Promise.all(
      targets.map(async ({ page, url, headers }, which) => {
        const response = await fetch(url, { headers, redirect: 'manual' })
        const html = await response.text()
        if (response.status !== 200) throw new Error(`${page.path} answered ${response.status} at ${sides[which]!.data.size}`)
        // What the page weighs on the wire when the server (or the proxy before it) compresses it.
        return { bytes: Buffer.byteLength(html), gzipped: zlib.gzipSync(html).length }
      }),
    )
    for (const { url, headers } of targets) await timedLoad(url, 4, 0.5, headers) // warm up
    const turns = targets.map(() => Object.fromEntries(CONNECTIONS.map((c) => [c, [] as Timing[]])) as Record<number, Timing[]>)
    for (const connections of CONNECTIONS)
      for (let round = 0; round < ROUNDS; round++)
        for (const [which, { url, headers }] of targets.entries())
          turns[which]![connections]!.push(await timedLoad(url, connections, seconds / ROUNDS, headers))
    for (const [which, { page }] of targets.entries()) {
      const results = Object.fromEntries(CONNECTIONS.map((c) => [c, pooled(turns[which]![c]!)]))
      measured[which]!.push({ page, ...weights[which]!, results })
    }
  }
  return measured
}

function printMeasured(measured: Measured[], print: (line: string) => void) {
  for (const { page, bytes, gzipped, results } of measured) {
    const cells = CONNECTIONS.map(
      (c) => `${c} conn: p50 ${results[c]!.p50.toFixed(1).padStart(6)} ms  p99 ${results[c]!.p99.toFixed(1).padStart(6)} ms`,
    )
    print(`  ${page.name.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(6)} KB   ${cells.join('   ')}`)
    if (page.as === 'staff') print(`  ${''.padEnd(36)} ${(gzipped / 1024).toFixed(1).padStart(6)} KB gzipped`)
  }
}

export async function scaleSection({ seconds, print, target, buildDir, args }: BenchContext) {
  const sizes = (argValue(args, '--sizes') ?? '1000,1000000').split(',').map(Number)
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)]
  const groupJobs = Number(argValue(args, '--group-jobs') ?? 0)
  // --keep DIR writes the data sets into DIR (DIR/1000, DIR/1000000) and leaves them there; a later run with the same
  // DIR measures them without writing again. With --write-only the run stops once they are written: the hour of
  // writing need not be the quiet hour the measurement wants.
  const keep = argValue(args, '--keep')
  const writeOnly = args.includes('--write-only')
  if (writeOnly && !keep) throw new Error('--write-only needs --keep DIR')
  // --pages a,b measures only the pages whose names contain one of the words ('service record,landing'): a shorter
  // run for one page's figures, its ratio and its targets.
  const onlyPages = argValue(args, '--pages')?.split(',') ?? null
  const bySize: Record<number, Measured[]> = {}
  const datas: Omit<DataSet, 'seconds'>[] = []
  const servers: RunningServer[] = []
  try {
    for (const size of [small, large]) {
      print(`Data set of ${size.toLocaleString('en-US')} policies:`)
      const data = await keptOrBuilt(size, print, groupJobs, keep)
      datas.push(data)
      if (!writeOnly) await dailyJobsOn(data, print)
    }
    if (writeOnly) return print(`Written into ${keep}: measure them with --keep ${keep} (without --write-only).`)
    for (const data of datas) servers.push(await startServer({ buildDir, dataDir: data.dataDir, env: { ADMIN_EMAILS: OPERATOR } }))
    const firstRuns = await Promise.all(servers.map(afterFirstDailyRun))
    print(`Both servers up; their own first run of the daily jobs done (${firstRuns.join(', ')}).`)
    print(`Each page loaded on each in ${ROUNDS} turns, the sizes alternating:`)
    const [atSmall, atLarge] = await measure(
      datas.map((data, which) => ({ data, server: servers[which]! })),
      seconds,
      onlyPages,
    )
    for (const [size, measured] of [[small, atSmall!] as const, [large, atLarge!] as const]) {
      print(`${size.toLocaleString('en-US')} policies:`)
      printMeasured(measured, print)
      bySize[size] = measured
    }
    for (const [which, server] of servers.entries())
      if (server.stderr().trim()) print(`  server stderr (${datas[which]!.size}): ${server.stderr().trim().slice(0, 500)}`)
  } finally {
    for (const server of servers) await server.stop()
    if (!keep) for (const data of datas) fs.rmSync(data.dataDir, { recursive: true, force: true })
  }
  print(`p99 at ${large.toLocaleString('en-US')} ÷ p99 at ${small.toLocaleString('en-US')} policies (target ≤ ${MAX_RATIO}):`)
  for (const [index, entry] of bySize[large]!.entries()) {
    const base = bySize[small]![index]!
    for (const connections of CONNECTIONS) {
      const ratio = entry.results[connections]!.p99 / base.results[connections]!.p99
      print(`  ${entry.page.name.padEnd(36)} ${connections} conn: ${ratio.toFixed(2)}`)
      target(`${entry.page.name}, ${connections} conn: p99 at ${large} ≤ ${MAX_RATIO} × at ${small}`, ratio <= MAX_RATIO, ratio.toFixed(2))
    }
    if (entry.page.operatorPage)
      target(`${entry.page.name}: HTML under 100 KB`, entry.bytes < MAX_OPERATOR_HTML, `${(entry.bytes / 1024).toFixed(1)} KB`)
    if (entry.page.as === 'staff')
      target(`${entry.page.name}: under 60 KB gzipped`, entry.gzipped < MAX_SHOP_GZIP, `${(entry.gzipped / 1024).toFixed(1)} KB`)
    for (const connections of CONNECTIONS) {
      const failures = entry.results[connections]!.failures + base.results[connections]!.failures
      if (failures) target(`${entry.page.name}, ${connections} conn: every answer 200`, false, `${failures} failures`)
    }
  }
  // The public service record reads the daily job's stored rows: cheap at any size, whatever the claims. A request's
  // own time is the one connection's; at twenty, a page rendered for each request waits for the nineteen before it
  // (a server renders one page at a time), so there the target is the page as a visitor gets it, kept whole.
  const recordTargets = [
    ['service record, uncached', 1],
    ['service record CSV', 1],
    ['service record, as a visitor gets it', 1],
    ['service record, as a visitor gets it', 20],
  ] as const
  for (const [name, connections] of recordTargets) {
    const p99 = bySize[large]!.find((entry) => entry.page.name === name)?.results[connections]!.p99
    if (p99 === undefined) continue // not among the pages measured (--pages)
    target(`${name}, ${connections} conn: p99 at ${large} under ${MAX_RECORD_P99_MS} ms`, p99 < MAX_RECORD_P99_MS, `${p99.toFixed(1)} ms`)
  }
  target(
    `the service record's count at ${large}: longest event-loop pause ≤ ${MAX_JOB_PAUSE_MS} ms`,
    recordCountPauses[large]! <= MAX_JOB_PAUSE_MS,
    `${recordCountPauses[large]!.toFixed(0)} ms`,
  )
  target(
    `daily jobs at ${large}: longest event-loop pause ≤ ${MAX_JOB_PAUSE_MS} ms`,
    jobPauses[large]! <= MAX_JOB_PAUSE_MS,
    `${jobPauses[large]!.toFixed(0)} ms`,
  )
  const large20 = (name: string) => bySize[large]!.find((entry) => entry.page.name === name)?.results
  const [dashboard, landing] = [large20('customer dashboard'), large20('landing page, uncached')]
  for (const connections of dashboard && landing ? CONNECTIONS : []) {
    const ratio = dashboard![connections]!.p99 / landing![connections]!.p99
    target(
      `customer dashboard p99 ≤ ${MAX_DASHBOARD_VS_LANDING} × uncached landing p99 (${connections} conn, ${large})`,
      ratio <= MAX_DASHBOARD_VS_LANDING,
      ratio.toFixed(2),
    )
  }
}
