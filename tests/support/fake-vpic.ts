import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { resetEnvForTests } from '~/env.server'
import { clearModelCache } from '~/services/vehicle-data.server'

/**
 * A stand-in for NHTSA vPIC's VIN decoder (`DecodeVinValues/{vin}?format=json`), answering as vPIC does (one result of
 * string values, upper-case makes) for the VINs in `decodes`, and an empty result otherwise; model lists come back
 * empty (so the bundled lists answer). `start()` points VPIC_URL
 * at it; `stop()` turns vPIC off again, as the tests run by default.
 */
export type FakeDecode = { Make: string; Model: string; ModelYear: string; VehicleType: string }

export const FAKE_VPIC_DECODES: Record<string, FakeDecode> = {
  '1HGCM82633A004352': { Make: 'HONDA', Model: 'Accord', ModelYear: '2003', VehicleType: 'PASSENGER CAR' },
  '1FTFW1ET9DFC10312': { Make: 'FORD', Model: 'F-150', ModelYear: '2013', VehicleType: 'TRUCK ' },
  '1N4AL3AP0JC123456': { Make: 'NISSAN', Model: 'Altima', ModelYear: '2018', VehicleType: 'PASSENGER CAR' },
  '5N1AR2MMXGC123456': { Make: 'NISSAN', Model: 'Pathfinder', ModelYear: '2016', VehicleType: 'MULTIPURPOSE PASSENGER VEHICLE (MPV)' },
}

export function fakeVpic(decodes: Record<string, FakeDecode> = FAKE_VPIC_DECODES) {
  const requests: string[] = []
  let failing = false
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '')
    if (failing) {
      response.writeHead(503).end()
      return
    }
    // Model lists: an empty answer, so the bundled list answers (models/policies/vehicles.server.ts's model lists have their own test).
    if (/\/GetModelsForMakeYear\//.test(request.url ?? '')) {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ Count: 0, Message: 'Response returned successfully', Results: [] }))
      return
    }
    const match = /\/DecodeVinValues\/([^/?]+)\?format=json$/.exec(request.url ?? '')
    if (!match) {
      response.writeHead(404).end()
      return
    }
    const found = decodes[decodeURIComponent(match[1]!)]
    const result = found ?? { Make: '', Model: '', ModelYear: '', VehicleType: '' }
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(
      JSON.stringify({ Count: 1, Message: 'Results returned successfully', SearchCriteria: `VIN:${match[1]}`, Results: [result] }),
    )
  })
  return {
    requests,
    /** From now on every request fails with a 503 (vPIC down). */
    fail() {
      failing = true
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      process.env.VPIC_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vehicles`
      resetEnvForTests()
      clearModelCache()
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      process.env.VPIC_URL = 'off'
      resetEnvForTests()
      clearModelCache()
    },
  }
}
