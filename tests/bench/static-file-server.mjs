// The benchmark's yardstick: a bare Node http server sending one HTML file, run as its own process.
//   node static-file-server.mjs <file> <port> [--memory [<content-coding>]]
// By default it serves the file the way a static-file server does (stat, then stream it from disk); with --memory it
// sends bytes read once at start, the fastest any Node server can answer. A content coding (gzip, br) after --memory
// says the file holds bytes already compressed that way, sent as they are with their Content-Encoding.
import fs from 'node:fs'
import http from 'node:http'

const [file, port, mode, coding] = process.argv.slice(2)
const inMemory = mode === '--memory' ? fs.readFileSync(file) : null
const headers = (length) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': length,
  ...(coding ? { 'Content-Encoding': coding, Vary: 'Accept-Encoding' } : {}),
})

const server = http.createServer((request, response) => {
  if (inMemory) {
    response.writeHead(200, headers(inMemory.length))
    response.end(inMemory)
    return
  }
  fs.stat(file, (error, stats) => {
    if (error) {
      response.writeHead(500)
      response.end()
      return
    }
    response.writeHead(200, headers(stats.size))
    fs.createReadStream(file).pipe(response)
  })
})
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
