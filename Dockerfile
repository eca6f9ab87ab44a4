# Build: the query data in .sqlx lets the crate compile without a database.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/tengen /usr/local/bin/tengen
USER nobody
EXPOSE 8080
ENV TENGEN_LISTEN=0.0.0.0:8080
CMD ["tengen", "serve"]
