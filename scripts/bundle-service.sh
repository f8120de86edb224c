#!/bin/sh
# Bundles services/<name>/src/start.ts (the kit is TypeScript source) into one file, plus the service's
# static assets, for a slim runtime image: <out>/dist/start.js and <out>/assets (the path services expect).
set -eu
name=$1
out=${2:-/out}
# The MongoDB driver's optional native and cloud helpers are never used here: keep them out.
npx esbuild "services/$name/src/start.ts" --bundle --platform=node --target=node20 --sourcemap \
  --outfile="$out/dist/start.js" \
  --external:kerberos --external:snappy --external:socks --external:aws4 --external:gcp-metadata \
  --external:mongodb-client-encryption --external:@mongodb-js/zstd --external:@aws-sdk/credential-providers
if [ -d "services/$name/assets" ]; then cp -r "services/$name/assets" "$out/assets"; fi
