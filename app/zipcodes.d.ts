// The `zipcodes` package ships no types; this is the one file of it the app reads (app/services/zip-centroids.server.ts).
declare module 'zipcodes/lib/codes.js' {
  const table: {
    codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>
  }
  export default table
}
