#!/bin/sh
# Prints every secret the operator stack needs (infra/compose.yaml), each a fresh random value, as an env file:
#   sh infra/make-secrets.sh > kidslearn.env
# Then add KIDSLEARN_PUBLIC_URL and your SMTP server (README, "Against the compose stack instead"). Keep the
# file private (chmod 600): it is the only copy. Values are hex, so they fit unescaped in URLs.
set -eu
for name in \
  KEYCLOAK_ADMIN_PASSWORD KEYCLOAK_DB_PASSWORD KEYCLOAK_BACKEND_SECRET \
  RABBITMQ_ADMIN_PASSWORD RABBITMQ_CONTENT_PASSWORD RABBITMQ_QUIZ_PASSWORD RABBITMQ_GEMS_PASSWORD RABBITMQ_GIFTS_PASSWORD \
  MONGO_ROOT_PASSWORD MONGO_CONTENT_PASSWORD MONGO_QUIZ_PASSWORD MONGO_GEMS_PASSWORD MONGO_GIFTS_PASSWORD \
  REDIS_PASSWORD
do
  printf '%s=%s\n' "$name" "$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')"
done
