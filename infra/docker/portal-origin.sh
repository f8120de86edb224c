#!/bin/sh
# nginx entrypoint hook for mfe-learning's image: the portal page's origin (PORTAL_URL, default
# http://localhost:3000), the only page that may frame the math game (nginx-static.conf includes it).
set -eu
includes=${KIDSLEARN_NGINX_INCLUDE_DIR:-/etc/nginx/kidslearn}
origin=$(printf '%s\n' "${PORTAL_URL:-http://localhost:3000}" | sed -n -E 's#^[[:space:]]*([Hh][Tt][Tt][Pp][Ss]?://[^/?#]+).*#\1#p' | tr 'A-Z' 'a-z' | sed -E 's#^(http://.*):80$#\1#; s#^(https://.*):443$#\1#')
if [ -z "$origin" ]; then
  echo "portal-origin.sh: PORTAL_URL must be an absolute http(s) URL" >&2
  exit 1
fi
mkdir -p "$includes"
printf 'set $kidslearn_portal_origin "%s";\n' "$origin" > "$includes/portal-origin.conf"
