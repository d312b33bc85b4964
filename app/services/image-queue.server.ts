import { Gauge } from 'prom-client'

import { IMAGES_BUSY } from '~/domain/messages'
import { registry } from '~/server/metrics.server'

/**
 * One queue for every image decode and encode in the process. A decoded image costs far more memory than its upload
 * (a 200 KB PNG can declare 7000 × 7000 RGBA pixels: ~100–200 MB while sharp works on it), and requests arrive
 * together: sixteen forms of four such files each took a 1 GB machine to 900 MB when every request decoded at once.
 * So at most IMAGE_JOBS images are worked on at a time across the whole server, the rest wait their turn in order, and
 * once QUEUE_LIMIT are waiting a new job is refused at once with ImageQueueFull, which routes answer as 503 with
 * Retry-After and a message (the person sends the form again a little later; nothing of it was kept).
 *
 * Two at a time because the machine has two cores and sharp's decoders are single-threaded per image (see the
 * sharp.concurrency(1) in images.server.ts): two jobs keep both busy, more would only raise the memory peak.
 */

export const IMAGE_JOBS = 2
/** Jobs that may wait: each request works on one image at a time (two for a policy's photo step), so about 16 forms. */
export const QUEUE_LIMIT = 16
/** What a refused request is told to wait: a queue this long drains in a few seconds. */
export const RETRY_AFTER_SECONDS = 10

/** The queue is full: answered as 503 with Retry-After by the routes that take photos. */
export class ImageQueueFull extends Error {
  readonly status = 503
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor() {
    super(IMAGES_BUSY.description)
    this.name = 'ImageQueueFull'
  }
}

let jobs = IMAGE_JOBS
let queueLimit = QUEUE_LIMIT
let running = 0
const waiting: Array<() => void> = []

/** Runs `work` when a slot is free (in arrival order); throws ImageQueueFull without running it when too many wait. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= jobs) {
    if (waiting.length >= queueLimit) throw new ImageQueueFull()
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else {
    running++
  }
  try {
    return await work()
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** What the queue holds now: jobs running and waiting (for tests and logs). */
export function imageQueueState() {
  return { running, waiting: waiting.length }
}

/** Tests change the limits to make the queue's edges reachable; call with no argument to restore them. */
export function setImageQueueLimitsForTests(limits?: { jobs: number; queue: number }) {
  jobs = limits?.jobs ?? IMAGE_JOBS
  queueLimit = limits?.queue ?? QUEUE_LIMIT
}

// The queue's figures at /metrics, read when a scrape asks for them.
new Gauge({
  name: 'glass_image_queue_waiting',
  help: 'Image decodes waiting for a free slot (a full queue refuses new uploads with 503).',
  registers: [registry],
  collect() {
    this.set(imageQueueState().waiting)
  },
})
new Gauge({
  name: 'glass_image_queue_running',
  help: 'Image decodes being worked on now.',
  registers: [registry],
  collect() {
    this.set(imageQueueState().running)
  },
})
