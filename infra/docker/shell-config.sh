#!/bin/sh
# nginx entrypoint hook of the shell's image: makes what the image serves from data, so one image serves any
# deployment and any set of areas without a rebuild:
#   1. config.json, the runtime manifest: given (KIDSLEARN_CONFIG: the Helm chart's ConfigMap), or written from
#      the portal's areas (KIDSLEARN_AREAS, infra/areas.json mounted by compose) with each remote at
#      $PUBLIC_URL/mfe/<area>/ and the gateway, Keycloak and game from the environment;
#   2. index.html: the build's page with its markers filled (infra/local/src/first-screen.ts): the first screen
#      the area that owns `/` publishes (fetched from KIDSLEARN_FIRST_SCREEN_URL, e.g. mfe-public's in-network
#      address) and the visitor's menu from config.json;
#   3. the portal page's Content-Security-Policy (nginx-static.conf includes it): the manifest's origins and the
#      inline hashes of both builds (the shell's csp-inline-hashes.txt, the first screen's own header).
# Locally infra/local/src/static-server.ts (portal-page.ts) does the same; a test runs this script and compares
# (infra/local/test/security-headers.test.ts). Rerun it (restart the container) after mfe-public ships a new
# first screen; the portal keeps working meanwhile (the live hero replaces the prerendered one).
# GAME_URL points /games at another (kid-safe) game; unset, mfe-learning's own offline math game plays.
set -eu
html=${KIDSLEARN_HTML_DIR:-/usr/share/nginx/html}
out=${KIDSLEARN_OUT_DIR:-$html}
includes=${KIDSLEARN_NGINX_INCLUDE_DIR:-/etc/nginx/kidslearn}
areas=${KIDSLEARN_AREAS:-/etc/kidslearn/areas.json}
mkdir -p "$out" "$includes"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Compose serves everything at one public origin (infra/proxy/Caddyfile), so PUBLIC_URL gives every default:
# the gateway at /api, Keycloak at /auth, each remote at /mfe/<area>. Without it, the gateway and Keycloak on
# the local ports of docs/CONTRACTS.md and the remotes on the page's own origin.
portal=${PUBLIC_URL:-}
portal=${portal%/}
at() { if [ -n "$portal" ]; then printf '%s%s' "$portal" "$1"; else printf '%s' "$2"; fi; }

# 1. The manifest.
if [ -n "${KIDSLEARN_CONFIG:-}" ]; then
  config=$KIDSLEARN_CONFIG
else
  config="$out/config.json"
  gateway_url=${GATEWAY_URL:-$(at /api http://localhost:4000)}
  keycloak_url=${KEYCLOAK_URL:-$(at /auth http://localhost:8080)}
  head="\"gatewayUrl\": \"${gateway_url}\", \"keycloak\": { \"url\": \"${keycloak_url}\", \"realm\": \"${KEYCLOAK_REALM:-kidslearn}\", \"clientId\": \"${KEYCLOAK_CLIENT_ID:-kidslearn-portal}\" }, \"gameUrl\": \"${GAME_URL:-}\","
  # The areas file opens with `{` on its own line; each area's "name" line gains its entry.
  sed -E -e "1s#^\{\$#{ ${head}#" -e "s#^([[:space:]]*)\"name\": \"mfe_([a-z0-9_]+)\",#&\\n\\1\"entry\": \"${portal}/mfe/\\2/remoteEntry.js\",#" "$areas" > "$config.tmp"
  mv "$config.tmp" "$config"
fi

# Values of the manifest (our own JSON, compact or pretty: read as one line).
tr '\n' ' ' < "$config" > "$scratch/config"
value() { grep -o "\"$1\": *\"[^\"]*\"" "$scratch/config" | sed -E 's/^"[^"]*": *"(.*)"$/\1/'; }
# The origin of an absolute http(s) URL (scheme and host lower-cased, default port dropped); nothing for a
# relative one, which is the page's own origin ('self').
origin() {
  printf '%s\n' "$1" | sed -n -E 's#^[[:space:]]*([Hh][Tt][Tt][Pp][Ss]?://[^/?#]+).*#\1#p' | tr 'A-Z' 'a-z' | sed -E 's#^(http://.*):80$#\1#; s#^(https://.*):443$#\1#'
}
# Its arguments once each, in order, empty ones left out.
sources() {
  list=''
  for source in "$@"; do
    [ -n "$source" ] || continue
    case " $list " in *" $source "*) ;; *) list="${list:+$list }$source" ;; esac
  done
  printf '%s' "$list"
}

# 2. The page. The build's own page is kept as the template (a restart fills it again).
template="$html/index.template.html"
[ -f "$template" ] || template="$html/index.html"
if [ "$out" = "$html" ] && [ ! -f "$html/index.template.html" ]; then cp "$html/index.html" "$html/index.template.html"; template="$html/index.template.html"; fi

: > "$scratch/style"
: > "$scratch/markup"
: > "$scratch/hashes"
if [ -n "${KIDSLEARN_FIRST_SCREEN_URL:-}" ]; then
  if wget -q -T 5 -O "$scratch/first-screen" "$KIDSLEARN_FIRST_SCREEN_URL" 2>/dev/null && [ "$(head -n 1 "$scratch/first-screen")" = '<!--kidslearn-first-screen' ]; then
    # The file: a comment with the hashes, then one line of <style> elements, then the markup.
    sed -n '2,/^-->$/p' "$scratch/first-screen" | sed '$d' > "$scratch/hashes"
    end=$(grep -n '^-->$' "$scratch/first-screen" | head -n 1 | cut -d: -f1)
    sed -n "$((end + 1))p" "$scratch/first-screen" > "$scratch/style"
    sed -n "$((end + 2)),\$p" "$scratch/first-screen" > "$scratch/markup"
  else
    echo "shell-config: no first screen at $KIDSLEARN_FIRST_SCREEN_URL; / paints when the page's scripts have run" >&2
  fi
fi
# The visitor's menu: each menu entry (an object with a "label", no nested braces) that names the visitor role.
escape() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g'; }
grep -o '{[^{}]*"label"[^{}]*}' "$scratch/config" | grep '"visitor"' | while IFS= read -r entry; do
  order=$(printf '%s' "$entry" | sed -E 's/.*"order": *(-?[0-9.]+).*/\1/')
  label=$(printf '%s' "$entry" | sed -E 's/.*"label": *"([^"]*)".*/\1/' | escape)
  link=$(printf '%s' "$entry" | sed -E 's/.*"path": *"([^"]*)".*/\1/' | escape)
  printf '%s\t<li><a href="%s">%s</a></li>\n' "$order" "$link" "$label"
done | sort -s -n -k1,1 | cut -f2- | tr -d '\n' > "$scratch/menu"
awk -v style="$scratch/style" -v markup="$scratch/markup" -v menu="$scratch/menu" '
  function slurp(file,   line, text, n) { text = ""; n = 0; while ((getline line < file) > 0) { text = text (n++ ? "\n" : "") line } close(file); return text }
  function fill(text, marker, part,   at) { at = index(text, marker); return at ? substr(text, 1, at - 1) part substr(text, at + length(marker)) : text }
  BEGIN { s = slurp(style); m = slurp(markup); u = slurp(menu) }
  {
    if (s != "" || m != "") { $0 = fill($0, "<!--kidslearn:first-screen-style-->", s); $0 = fill($0, "<!--kidslearn:first-screen-->", m) }
    $0 = fill($0, "<!--kidslearn:menu-->", u)
    print
  }' "$template" > "$scratch/index.html"
mv "$scratch/index.html" "$out/index.html"

# 3. The page's policy.
gateway=$(origin "$(value gatewayUrl | head -n 1)")
keycloak=$(origin "$(value url | head -n 1)")
game=$(origin "$(value gameUrl | head -n 1)")
remotes=''
for entry in $(value entry); do remotes="$remotes $(origin "$entry")"; done
hashes="$html/csp-inline-hashes.txt"
script_hashes="$(sed -n 's/^script-src //p' "$hashes") $(sed -n 's/^script-src //p' "$scratch/hashes")"
style_hashes="$(sed -n 's/^style-src //p' "$hashes") $(sed -n 's/^style-src //p' "$scratch/hashes")"

set -f # the lists below are split into words, never globbed
policy="default-src 'self'"
policy="$policy; script-src $(sources "'self'" $remotes $script_hashes)"
policy="$policy; style-src $(sources "'self'" $style_hashes)"
policy="$policy; img-src $(sources "'self'" data: blob: "$gateway" $remotes)"
policy="$policy; connect-src $(sources "'self'" "$gateway" "$keycloak" $remotes)"
policy="$policy; frame-src $(sources "'self'" "$keycloak" https://www.youtube-nocookie.com $remotes "$game")"
policy="$policy; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

printf 'set $kidslearn_page_policy "%s";\n' "$policy" > "$includes/page-policy.conf"
