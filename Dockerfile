# syntax=docker/dockerfile:1
# Prelaunch's image: both web apps built with pnpm, the three servers and the prelaunch command
# built static, on distroless (no shell, no package manager), run as a non-root user.
#
#   docker build -t prelaunch .                  # the services (bff-user, bff-admin, worker, prelaunch)
#   docker build -t prelaunch-s3 --target s3 .   # versitygw, the S3-compatible store of the compose file
#
# One image runs every process; the command picks one: /app/bff-user, /app/bff-admin,
# /app/worker or /app/prelaunch <wait|ensure-db|migrate|seed>. docs/deploy.md lists the settings.

ARG GO_VERSION=1.26.8
ARG NODE_VERSION=20.19
ARG PNPM_VERSION=10.34.8
ARG VERSITYGW_VERSION=v1.8.0

## ---- the web apps ----
FROM node:${NODE_VERSION}-bookworm-slim AS web
ARG PNPM_VERSION
WORKDIR /src
RUN npm install --global --no-audit --no-fund pnpm@${PNPM_VERSION}
# The manifests first, so the install layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json ./
COPY apps/user/package.json apps/user/
COPY apps/admin/package.json apps/admin/
COPY packages/api/package.json packages/api/
COPY packages/ui/package.json packages/ui/
COPY e2e/package.json e2e/
COPY contracts/package.json contracts/
RUN pnpm install --frozen-lockfile --reporter=silent
COPY apps apps
COPY packages packages
RUN pnpm run build

## ---- the Go binaries ----
FROM golang:${GO_VERSION}-bookworm AS go
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-trimpath
COPY go.work go.work.sum ./
COPY core/go.mod core/go.sum core/
COPY bff-user/go.mod bff-user/go.sum bff-user/
COPY bff-admin/go.mod bff-admin/go.sum bff-admin/
COPY worker/go.mod worker/go.sum worker/
COPY tools/go.mod tools/go.sum tools/
RUN --mount=type=cache,target=/root/go/pkg/mod go mod download
COPY core core
COPY bff-user bff-user
COPY bff-admin bff-admin
COPY worker worker
COPY tools tools
RUN --mount=type=cache,target=/root/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    mkdir -p /out && go build -ldflags='-s -w' -o /out/ ./bff-user ./bff-admin ./worker ./core/cmd/prelaunch

## ---- versitygw: the S3-compatible store of docker-compose.yml's full profile ----
FROM golang:${GO_VERSION}-bookworm AS s3-build
ARG VERSITYGW_VERSION
RUN CGO_ENABLED=0 GOBIN=/out go install -trimpath -ldflags='-s -w' github.com/versity/versitygw/cmd/versitygw@${VERSITYGW_VERSION} \
    && mkdir -p /data/prelaunch

FROM gcr.io/distroless/static-debian12:nonroot AS s3
COPY --from=s3-build /out/versitygw /usr/local/bin/versitygw
# The posix backend keeps each bucket as a directory of /data; the bucket "prelaunch" is made here
# so that a new volume starts with it, owned by the non-root user.
COPY --from=s3-build --chown=nonroot:nonroot /data /data
USER nonroot:nonroot
EXPOSE 7070
ENTRYPOINT ["/usr/local/bin/versitygw"]
CMD ["--port", ":7070", "--health", "/health", "posix", "/data"]

## ---- the image (the last stage: the default target) ----
FROM gcr.io/distroless/static-debian12:nonroot AS app
WORKDIR /app
COPY --from=go /out/ /app/
COPY --from=web /src/apps/user/dist /app/apps/user/dist
COPY --from=web /src/apps/admin/dist /app/apps/admin/dist
# distroless's nonroot user (65532). Nothing is written in /app: uploads go to STORAGE_URL (an
# S3 store, or a mounted volume for file://), mail to Resend (MAIL_OUTBOX only outside production).
USER nonroot:nonroot
ENV APP_ENV=production USER_ADDR=:8080 ADMIN_ADDR=:8081 \
    USER_DIST=/app/apps/user/dist ADMIN_DIST=/app/apps/admin/dist
EXPOSE 8080 8081
CMD ["/app/bff-user"]
