#!/bin/sh
# The demo stack on http://localhost: demo accounts (learner@/admin@kidslearn.test), the kidslearn-test client,
# seeded data, the "Google" stand-in realm and maildev (http://localhost:1080). Its own compose project and
# volumes (kidslearn-demo), so nothing of it reaches an operator stack on the same host. Its secrets are
# random, made on the first run into .local/compose-demo.env (git-ignored). Arguments go to `docker compose`,
# e.g. `sh infra/demo.sh down`; without any: `up --build`.
set -eu
cd "$(dirname "$0")/.."
env_file=.local/compose-demo.env
if [ ! -f "$env_file" ]; then
  mkdir -p .local
  umask 077
  {
    sh infra/make-secrets.sh
    echo KIDSLEARN_PUBLIC_URL=http://localhost
    echo SMTP_HOST=maildev
    echo SMTP_PORT=1025
    echo SMTP_USER=demo
    echo "SMTP_PASSWORD=$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')"
    echo SMTP_FROM=no-reply@kidslearn.test
  } > "$env_file"
fi
[ "$#" -gt 0 ] || set -- up --build
exec docker compose --env-file "$env_file" --project-name kidslearn-demo -f infra/compose.yaml -f infra/compose.demo.yaml "$@"
