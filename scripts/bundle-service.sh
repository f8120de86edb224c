#!/bin/sh
# Bundles services/<name>/src/start.ts (the kit is TypeScript source) into one file, plus the service's
# static assets, for a slim runtime image: <out>/dist/start.js and <out>/assets (the path services expect).
set -eu
name=$1
out=${2:-/out}
# Native addons cannot be bundled: they stay external and are copied beside the bundle (content's photo encoding).
native="sharp"
# The MongoDB driver's optional native and cloud helpers are never used here: keep them out.
npx esbuild "services/$name/src/start.ts" --bundle --platform=node --target=node20 --sourcemap \
  --outfile="$out/dist/start.js" \
  --external:kerberos --external:snappy --external:socks --external:aws4 --external:gcp-metadata \
  --external:mongodb-client-encryption --external:@mongodb-js/zstd --external:@aws-sdk/credential-providers \
  $(for pkg in $native; do printf -- '--external:%s ' "$pkg"; done)
# Only the service's own: a service that never imports one needs no copy.
for pkg in $native; do
  if grep -q "require(\"$pkg\")" "$out/dist/start.js"; then node scripts/copy-native-packages.cjs "$out" "$pkg"; fi
done
if [ -d "services/$name/assets" ]; then cp -r "services/$name/assets" "$out/assets"; fi
