#!/bin/sh
# nginx entrypoint hook: writes the shell's runtime config (gateway, Keycloak, remote manifest) from the
# container's environment, so one image serves any deployment and remotes move without a rebuild.
# GAME_URL points /games at another (kid-safe) game; unset, mfe-learning's own offline math game plays.
set -eu
cat > /usr/share/nginx/html/config.json <<JSON
{
  "gatewayUrl": "${GATEWAY_URL:-http://localhost:4000}",
  "keycloak": { "url": "${KEYCLOAK_URL:-http://localhost:8080}", "realm": "${KEYCLOAK_REALM:-kidslearn}", "clientId": "${KEYCLOAK_CLIENT_ID:-kidslearn-portal}" },
  "gameUrl": "${GAME_URL:-}",
  "remotes": {
    "mfe_public": "${MFE_PUBLIC_URL:-http://localhost:3001}/remoteEntry.js",
    "mfe_learning": "${MFE_LEARNING_URL:-http://localhost:3002}/remoteEntry.js",
    "mfe_rewards": "${MFE_REWARDS_URL:-http://localhost:3003}/remoteEntry.js",
    "mfe_admin": "${MFE_ADMIN_URL:-http://localhost:3004}/remoteEntry.js"
  }
}
JSON
