{{/* Name of a release-scoped object: <release>-<part>, e.g. kidslearn-content. */}}
{{- define "kidslearn.name" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" $root.Release.Name (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels every object carries. */}}
{{- define "kidslearn.labels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: kidslearn
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
app.kubernetes.io/part-of: kidslearn
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version }}
{{- end -}}

{{/* The labels a Deployment selects its pods by (stable across upgrades). */}}
{{- define "kidslearn.selector" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: kidslearn
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/*
Image of a component built from the repository: [<registry>/]<prefix><component>:<tag>, the tag the component's own
(`tag` of its values entry: one area ships alone), else images.tag, else the chart's appVersion.
*/}}
{{- define "kidslearn.image" -}}
{{- $root := index . 0 -}}
{{- $images := $root.Values.images -}}
{{- $name := printf "%s%s" $images.prefix (index . 1) -}}
{{- $own := "" -}}
{{- if gt (len .) 2 }}{{ $own = index . 2 | default "" }}{{ end -}}
{{- $repository := ternary $name (printf "%s/%s" (trimSuffix "/" $images.registry) $name) (empty $images.registry) -}}
{{- printf "%s:%s" $repository (default (default $root.Chart.AppVersion $images.tag) $own) -}}
{{- end -}}

{{/* The public origin without a trailing slash; https only (TLS ends at the Gateway). */}}
{{- define "kidslearn.publicUrl" -}}
{{- $url := trimSuffix "/" (required "publicUrl is required (the portal's https origin)" .Values.publicUrl) -}}
{{- if not (regexMatch "^https://[^/?#]+$" $url) -}}
{{- fail (printf "publicUrl must be an https origin without a path, got %q" $url) -}}
{{- end -}}
{{- $url -}}
{{- end -}}

{{- define "kidslearn.host" -}}
{{- regexReplaceAll ":[0-9]+$" (include "kidslearn.publicUrl" . | trimPrefix "https://") "" -}}
{{- end -}}

{{/* Where a remote's files are served on the public origin: /mfe/<area> (mfe-public: /mfe/public), as in compose. */}}
{{- define "kidslearn.remotePath" -}}
{{- printf "/mfe/%s" (trimPrefix "mfe-" .) -}}
{{- end -}}

{{/* In-cluster addresses of the stateful parts (the names their operators give the Services). */}}
{{- define "kidslearn.namespace" -}}{{ .Release.Namespace }}{{- end -}}
{{- define "kidslearn.rabbitmqName" -}}{{ include "kidslearn.name" (list . "rabbitmq") }}{{- end -}}
{{- define "kidslearn.mongodbName" -}}{{ include "kidslearn.name" (list . "mongodb") }}{{- end -}}
{{- define "kidslearn.keycloakName" -}}{{ include "kidslearn.name" (list . "keycloak") }}{{- end -}}
{{- define "kidslearn.keycloakDbName" -}}{{ include "kidslearn.name" (list . "keycloak-db") }}{{- end -}}
{{- define "kidslearn.redisName" -}}{{ include "kidslearn.name" (list . "redis") }}{{- end -}}
{{- define "kidslearn.keycloakBackchannel" -}}
{{- printf "http://%s-service.%s.svc:8080/auth" (include "kidslearn.keycloakName" .) .Release.Namespace -}}
{{- end -}}

{{/* mongodb:// hosts of every replica set member (the operator's headless Service <name>-svc). */}}
{{- define "kidslearn.mongodbHosts" -}}
{{- $name := include "kidslearn.mongodbName" . -}}
{{- $hosts := list -}}
{{- range $i := until (int .Values.mongodb.members) -}}
{{- $hosts = append $hosts (printf "%s-%d.%s-svc.%s.svc.%s:27017" $name $i $name $.Release.Namespace $.Values.clusterDomain) -}}
{{- end -}}
{{- join "," $hosts -}}
{{- end -}}

{{/* A secretKeyRef env entry. */}}
{{- define "kidslearn.secretEnv" -}}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ index . 1 }}
      key: {{ index . 2 }}
{{- end -}}

{{/*
Environment of one of the four services: the names infra/compose.yaml gives it (a test compares them). Credentials
come from Secrets; a URL that carries one is composed from a secretKeyRef variable defined just before it
(Kubernetes expands $(NAME) from earlier entries), so no credential is ever written into the chart.
*/}}
{{- define "kidslearn.serviceEnv" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $service := index $root.Values.services $name -}}
{{- $secrets := $root.Values.secrets -}}
{{- $brokerSecret := printf "%s%s" $secrets.brokerPrefix $name -}}
- name: PORT
  value: {{ $service.port | quote }}
- name: HOST
  value: "0.0.0.0"
- name: TRUST_PROXY
  value: {{ $root.Values.trustProxy | quote }}
- name: LOG_LEVEL
  value: {{ $root.Values.logLevel | quote }}
{{ include "kidslearn.secretEnv" (list "MONGO_PASSWORD" (printf "%s%s" $secrets.mongoPrefix $name) "password") }}
- name: MONGO_URL
  value: {{ printf "mongodb://%s:$(MONGO_PASSWORD)@%s/%s?replicaSet=%s&authSource=%s" $name (include "kidslearn.mongodbHosts" $root) $service.database (include "kidslearn.mongodbName" $root) $service.database | quote }}
{{ include "kidslearn.secretEnv" (list "AMQP_USERNAME" $brokerSecret "username") }}
{{ include "kidslearn.secretEnv" (list "AMQP_PASSWORD" $brokerSecret "password") }}
- name: AMQP_URL
  value: {{ printf "amqp://$(AMQP_USERNAME):$(AMQP_PASSWORD)@%s.%s.svc:5672" (include "kidslearn.rabbitmqName" $root) $root.Release.Namespace | quote }}
{{ include "kidslearn.secretEnv" (list "REDIS_PASSWORD" $secrets.redis "password") }}
- name: REDIS_URL
  value: {{ printf "redis://:$(REDIS_PASSWORD)@%s.%s.svc:6379" (include "kidslearn.redisName" $root) $root.Release.Namespace | quote }}
- name: KEYCLOAK_URL
  value: {{ include "kidslearn.keycloakBackchannel" $root | quote }}
- name: KEYCLOAK_ISSUER_URL
  value: {{ printf "%s/auth" (include "kidslearn.publicUrl" $root) | quote }}
- name: KEYCLOAK_REALM
  value: {{ $root.Values.keycloak.realm | quote }}
{{- if $service.keycloakBackendClient }}
{{ include "kidslearn.secretEnv" (list "KEYCLOAK_BACKEND_SECRET" $secrets.keycloakBackend "secret") }}
{{- end }}
{{- /* A service that gathers a learner's data from the others (content's export) reaches them directly. */}}
{{- range $peer := $service.peers | default list }}
- name: {{ printf "%s_URL" (upper $peer) }}
  value: {{ printf "http://%s:%v" (include "kidslearn.name" (list $root $peer)) (index $root.Values.services $peer).port | quote }}
{{- end }}
- name: SEED_DEMO_DATA
  value: "false"
{{- if has $name (list "content" "quiz" "gifts") }}
# Families: a child's photo, standings row and gifts wait for a parent's consent (required), or not (optional).
- name: PARENT_CONSENT
  value: {{ $root.Values.parentConsent | quote }}
{{- end }}
{{- if eq $name "content" }}
# The consent mail to a parent: the SMTP server Keycloak uses, and a link to the public URL.
- name: PORTAL_URL
  value: {{ include "kidslearn.publicUrl" $root | quote }}
{{- range $var, $key := dict "SMTP_HOST" "host" "SMTP_PORT" "port" "SMTP_FROM" "from" "SMTP_USER" "user" "SMTP_PASSWORD" "password" }}
{{ include "kidslearn.secretEnv" (list $var $secrets.smtp $key) }}
{{- end }}
{{- end }}
# Files a service links to (photos, assets) are served on the public origin through the gateway (httproute.yaml).
- name: PUBLIC_URL
  value: {{ include "kidslearn.publicUrl" $root | quote }}
{{- range $key, $value := $service.env }}
- name: {{ $key }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* Environment of the gateway (the names infra/compose.yaml gives it). */}}
{{- define "kidslearn.gatewayEnv" -}}
{{- $root := . -}}
- name: PORT
  value: {{ .Values.gateway.port | quote }}
- name: TRUSTED_PROXIES
  value: {{ .Values.gateway.trustedProxies | quote }}
{{- range $name, $service := .Values.services }}
- name: {{ printf "%s_URL" (upper $name) }}
  value: {{ printf "http://%s:%v" (include "kidslearn.name" (list $root $name)) $service.port | quote }}
{{- end }}
- name: PORTAL_ORIGINS
  value: {{ include "kidslearn.publicUrl" . | quote }}
- name: KEYCLOAK_URL
  value: {{ include "kidslearn.keycloakBackchannel" . | quote }}
- name: KEYCLOAK_ISSUER_URL
  value: {{ printf "%s/auth" (include "kidslearn.publicUrl" .) | quote }}
- name: KEYCLOAK_REALM
  value: {{ .Values.keycloak.realm | quote }}
{{- range $key, $value := .Values.gateway.env }}
- name: {{ $key }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* Pod and container security: non-root, read-only root filesystem, no privilege, default seccomp. */}}
{{- define "kidslearn.podSecurity" -}}
runAsNonRoot: true
runAsUser: {{ . }}
runAsGroup: {{ . }}
fsGroup: {{ . }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "kidslearn.containerSecurity" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
{{- end -}}

{{/* The runtime remote manifest: the shell's config.json (shell/src/config/runtime-config.ts). */}}
{{- define "kidslearn.runtimeManifest" -}}
{{- $public := include "kidslearn.publicUrl" . -}}
{{- $areas := list -}}
{{- range .Values.remotes -}}
{{- $area := dict "name" .remote "entry" (printf "%s%s/remoteEntry.js" $public (include "kidslearn.remotePath" .name)) "roles" .roles "routes" .routes -}}
{{- if .visitors -}}{{- $_ := set $area "visitors" .visitors -}}{{- end -}}
{{- if .menu -}}{{- $_ := set $area "menu" .menu -}}{{- end -}}
{{- if .firstScreen -}}{{- $_ := set $area "firstScreen" .firstScreen -}}{{- end -}}
{{- $areas = append $areas $area -}}
{{- end -}}
{{- $manifest := dict "gatewayUrl" (printf "%s/api" $public) "keycloak" (dict "url" (printf "%s/auth" $public) "realm" .Values.keycloak.realm "clientId" .Values.keycloak.portalClientId) "areas" $areas -}}
{{- if .Values.gameUrl -}}
{{- $_ := set $manifest "gameUrl" .Values.gameUrl -}}
{{- end -}}
{{- toPrettyJson $manifest -}}
{{- end -}}

{{/* The area whose build publishes the first screen of `/` (its `firstScreen`), if any. */}}
{{- define "kidslearn.firstScreenArea" -}}
{{- range .Values.remotes -}}{{- if .firstScreen -}}{{ .name }}{{- break -}}{{- end -}}{{- end -}}
{{- end -}}
