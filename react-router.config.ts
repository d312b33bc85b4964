import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Lets the e2e suite and the benchmark build beside a developer's own build.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // React Router's own check compares the Origin header with request.url, which behind Fly's TLS proxy says http://
  // while browsers send https://. Our securityMiddleware does the same-origin check against Host and APP_URL instead.
  allowedActionOrigins: ['**'],
  // React Router v8's changes, each decided here so the build prints no warning to interpret
  // (docs/decisions/060-react-router-v8-flags.md).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
