#!/bin/sh
# nginx entrypoint hook: writes the shell's runtime config (gateway, Keycloak, remote manifest) from the
# container's environment, so one image serves any deployment and remotes move without a rebuild, and the
# portal page's Content-Security-Policy made of the same origins (nginx-static.conf includes it).
# GAME_URL points /games at another (kid-safe) game; unset, mfe-learning's own offline math game plays.
# The policy is the one infra/local/src/security-headers.ts makes from config.json (portalPagePolicy); a test
# runs this script and compares (infra/local/test/security-headers.test.ts).
set -eu
html=${KIDSLEARN_HTML_DIR:-/usr/share/nginx/html}
includes=${KIDSLEARN_NGINX_INCLUDE_DIR:-/etc/nginx/kidslearn}

# Compose serves everything at one public origin (infra/proxy/Caddyfile), so PUBLIC_URL gives every default:
# the gateway at /api, Keycloak at /auth, each remote at /mfe/<area>. Without it, the local ports of
# docs/CONTRACTS.md. Each URL can still be set on its own.
portal=${PUBLIC_URL:-}
at() { if [ -n "$portal" ]; then printf '%s%s' "$portal" "$1"; else printf '%s' "$2"; fi; }
gateway_url=${GATEWAY_URL:-$(at /api http://localhost:4000)}
keycloak_url=${KEYCLOAK_URL:-$(at /auth http://localhost:8080)}
game_url=${GAME_URL:-}
public_url=${MFE_PUBLIC_URL:-$(at /mfe/public http://localhost:3001)}
learning_url=${MFE_LEARNING_URL:-$(at /mfe/learning http://localhost:3002)}
rewards_url=${MFE_REWARDS_URL:-$(at /mfe/rewards http://localhost:3003)}
admin_url=${MFE_ADMIN_URL:-$(at /mfe/admin http://localhost:3004)}

cat > "$html/config.json" <<JSON
{
  "gatewayUrl": "${gateway_url}",
  "keycloak": { "url": "${keycloak_url}", "realm": "${KEYCLOAK_REALM:-kidslearn}", "clientId": "${KEYCLOAK_CLIENT_ID:-kidslearn-portal}" },
  "gameUrl": "${game_url}",
  "remotes": {
    "mfe_public": "${public_url}/remoteEntry.js",
    "mfe_learning": "${learning_url}/remoteEntry.js",
    "mfe_rewards": "${rewards_url}/remoteEntry.js",
    "mfe_admin": "${admin_url}/remoteEntry.js"
  }
}
JSON

# The origin of an absolute http(s) URL (scheme and host lower-cased, default port dropped); nothing for a
# relative one, which is the page's own origin ('self').
origin() {
  printf '%s\n' "$1" | sed -n -E 's#^[[:space:]]*([Hh][Tt][Tt][Pp][Ss]?://[^/?#]+).*#\1#p' | tr 'A-Z' 'a-z' | sed -E 's#^(http://.*):80$#\1#; s#^(https://.*):443$#\1#'
}
# Its arguments once each, in order, empty ones left out.
sources() {
  out=''
  for source in "$@"; do
    [ -n "$source" ] || continue
    case " $out " in *" $source "*) ;; *) out="${out:+$out }$source" ;; esac
  done
  printf '%s' "$out"
}

gateway=$(origin "$gateway_url")
keycloak=$(origin "$keycloak_url")
game=$(origin "$game_url")
remotes="$(origin "$public_url") $(origin "$learning_url") $(origin "$rewards_url") $(origin "$admin_url")"
# index.html's inline scripts and styles, hashed by the shell's build.
hashes="$html/csp-inline-hashes.txt"
script_hashes=$(sed -n 's/^script-src //p' "$hashes")
style_hashes=$(sed -n 's/^style-src //p' "$hashes")

set -f # the lists below are split into words, never globbed
policy="default-src 'self'"
policy="$policy; script-src $(sources "'self'" $remotes $script_hashes)"
policy="$policy; style-src $(sources "'self'" $style_hashes)"
policy="$policy; img-src $(sources "'self'" data: blob: "$gateway" $remotes)"
policy="$policy; connect-src $(sources "'self'" "$gateway" "$keycloak" $remotes)"
policy="$policy; frame-src $(sources "'self'" "$keycloak" https://www.youtube-nocookie.com $remotes "$game")"
policy="$policy; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

mkdir -p "$includes"
printf 'set $kidslearn_page_policy "%s";\n' "$policy" > "$includes/page-policy.conf"
