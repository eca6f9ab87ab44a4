# Build: the query data in .sqlx lets the crate compile without a database.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked

FROM debian:bookworm-slim
# `tengen backup` runs pg_dump, which must be as new as the server
# (postgres:16 in docker-compose.yml): PostgreSQL's own Debian repository.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-16 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/tengen /usr/local/bin/tengen
USER nobody
EXPOSE 8080
ENV TENGEN_LISTEN=0.0.0.0:8080
CMD ["tengen", "serve"]
