import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ConfigError, parseEnv } from '~/env.server'
import { LagTracker, litestreamBinary, litestreamConfig, parsePositions } from '~/services/replication.server'

import { tempDirForTest } from '../support/temp-dir'

/** Replication: the settings, Litestream's configuration, and the lag /healthz reports. */

const dataDir = () => tempDirForTest('glass-replication-')

describe('settings', () => {
  it('are off by default: no replica, uploads on the volume', () => {
    const config = parseEnv({ DATA_DIR: dataDir() })
    expect(config.replication).toBe('off')
    expect(config.uploads).toBe('local')
  })

  it('accept an s3:// or file:/// replica and refuse anything else, in one line', () => {
    const s3 = parseEnv({
      DATA_DIR: dataDir(),
      LITESTREAM_REPLICA_URL: 's3://glass-backups/db',
      AWS_ACCESS_KEY_ID: 'k',
      AWS_SECRET_ACCESS_KEY: 's',
    })
    expect(s3.replication).toBe('litestream')
    expect(parseEnv({ DATA_DIR: dataDir(), LITESTREAM_REPLICA_URL: 'file:///mnt/second-disk/db' }).replication).toBe('litestream')
    expect(() => parseEnv({ DATA_DIR: dataDir(), LITESTREAM_REPLICA_URL: 'https://example.com/db' })).toThrow(
      /LITESTREAM_REPLICA_URL must be s3:\/\/bucket\/path or file:\/\/\/absolute\/path/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), LITESTREAM_REPLICA_URL: 'file://relative/db' })).toThrow(ConfigError)
  })

  it('need credentials for a bucket', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), UPLOADS_BUCKET: 'glass-uploads' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), LITESTREAM_REPLICA_URL: 's3://b/db' })).toThrow(ConfigError)
    const config = parseEnv({ DATA_DIR: dataDir(), UPLOADS_BUCKET: 'glass-uploads', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' })
    expect(config.uploads).toBe('s3')
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), UPLOADS_BUCKET: 'Not A Bucket', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' }),
    ).toThrow(/UPLOADS_BUCKET must be a bucket name/)
  })
})

describe("Litestream's configuration", () => {
  it('names the database, the replica, the endpoint and region of an S3-compatible store, and no secret', () => {
    const config = parseEnv({
      DATA_DIR: '/data',
      LITESTREAM_REPLICA_URL: 's3://glass-backups/db',
      AWS_ACCESS_KEY_ID: 'AKIA-SECRET-ID',
      AWS_SECRET_ACCESS_KEY: 'very-secret',
      AWS_ENDPOINT_URL_S3: 'https://fly.storage.tigris.dev',
    })
    const yaml = litestreamConfig(config, 9090)
    expect(yaml).toBe(
      [
        'addr: 127.0.0.1:9090',
        'dbs:',
        '  - path: "/data/app.sqlite"',
        '    replicas:',
        '      - url: "s3://glass-backups/db"',
        '        sync-interval: 1s',
        '        endpoint: "https://fly.storage.tigris.dev"',
        '        force-path-style: true',
        '        region: "auto"',
        '',
      ].join('\n'),
    )
    expect(yaml).not.toMatch(/SECRET|secret/)
  })

  it('is read by the Litestream binary from npm', () => {
    const dir = dataDir()
    const config = parseEnv({ DATA_DIR: dir, LITESTREAM_REPLICA_URL: `file://${dir}/replica` })
    const file = path.join(dir, 'litestream.yml')
    fs.writeFileSync(file, litestreamConfig(config, null))
    const listed = spawnSync(litestreamBinary(), ['databases', '-config', file], { encoding: 'utf8' })
    expect(listed.status).toBe(0)
    expect(listed.stdout).toContain(path.join(dir, 'app.sqlite'))
    expect(spawnSync(litestreamBinary(), ['version'], { encoding: 'utf8' }).stdout).toMatch(/^v0\.3\.\d+/)
  })
})

describe('the replication lag', () => {
  const metrics = (local: [number, number], replica: [number, number]) =>
    [
      '# HELP litestream_shadow_wal_index The current shadow WAL index',
      `litestream_shadow_wal_index{db="/data/app.sqlite"} ${local[0]}`,
      `litestream_shadow_wal_size{db="/data/app.sqlite"} ${local[1]}`,
      `litestream_replica_wal_index{db="/data/app.sqlite",name="s3"} ${replica[0]}`,
      `litestream_replica_wal_offset{db="/data/app.sqlite",name="s3"} ${replica[1]}`,
      `litestream_sync_count{db="/data/app.sqlite"} 12`,
    ].join('\n')

  it("reads the local and the replica's positions from Litestream's metrics", () => {
    expect(parsePositions(metrics([2, 4152], [1, 16512]))).toEqual({
      local: { index: 2, offset: 4152 },
      replica: { index: 1, offset: 16512 },
    })
    expect(parsePositions('litestream_db_size{db="x"} 4096')).toBeNull()
  })

  it('is zero while the replica keeps up, and counts from the oldest change it has not taken', () => {
    const start = 1_000_000
    const lag = new LagTracker(start)
    lag.observe(parsePositions(metrics([0, 4000], [0, 4000])), start)
    expect(lag.lagSeconds(start + 1_000)).toBe(0)
    // A change the replica has not taken yet, then more changes behind it.
    lag.observe(parsePositions(metrics([0, 8000], [0, 4000])), start + 2_000)
    lag.observe(parsePositions(metrics([0, 12000], [0, 4000])), start + 4_000)
    expect(lag.lagSeconds(start + 62_000)).toBe(60)
    // The replica takes the first change: the lag runs from the second.
    lag.observe(parsePositions(metrics([0, 12000], [0, 8000])), start + 64_000)
    expect(lag.lagSeconds(start + 64_000)).toBe(60)
    lag.observe(parsePositions(metrics([1, 0], [1, 0])), start + 66_000)
    expect(lag.lagSeconds(start + 66_000)).toBe(0)
  })

  it('grows while Litestream does not answer', () => {
    const start = 5_000_000
    const lag = new LagTracker(start)
    lag.observe(parsePositions(metrics([3, 100], [3, 100])), start)
    lag.observe(null, start + 2_000)
    expect(lag.lagSeconds(start + 2_000)).toBe(0)
    expect(lag.lagSeconds(start + 400_000)).toBe(400)
  })
})
