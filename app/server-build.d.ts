// The route table React Router's Vite plugin generates for the server build; app/server/route-table.server.ts reads it.
declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router'

  export const routes: ServerBuild['routes']
}
